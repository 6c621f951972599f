import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { INestApplicationContext } from '@nestjs/common';
import { createWorker } from '../src/app.setup';
import { parseEnv } from '../src/config/env.schema';
import { createTestDatabase, type TestDatabase } from './test-database';

/** Fast job settings for tests: quick polling and quick pickup of jobs a dead worker left behind. */
export const FAST_JOBS_ENV = { JOBS_POLL_INTERVAL_SECONDS: '0.5', JOBS_SUPERVISE_INTERVAL_SECONDS: '1' };

export interface TestWorker {
  app: INestApplicationContext;
  /** The database it works on; dropped by close() only when the worker created it. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * A worker-only process's app (no HTTP listener), as main.ts starts it with AIDE_PROCESS=worker:
 * on `databaseUrl` (e.g. a createTestApp()'s database) or on a fresh database.
 */
export async function createTestWorker(
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<TestWorker> {
  const database: TestDatabase | undefined = options.databaseUrl ? undefined : await createTestDatabase();
  const databaseUrl = options.databaseUrl ?? database!.url;
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: os.tmpdir(),
    // Hundreds of sign-ups per run: argon2's production cost would be most of the suite's time.
    PASSWORD_HASHING: 'fast-for-tests',
    ...FAST_JOBS_ENV,
    ...options.env,
    AIDE_PROCESS: 'worker',
    DATABASE_URL: databaseUrl,
  });
  const app = await createWorker(env, { logger: ['error', 'warn'] });
  return {
    app,
    databaseUrl,
    async close() {
      await app.close();
      await database?.drop();
    },
  };
}
