import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../src/app.setup';
import { parseEnv } from '../src/config/env.schema';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  http: Server;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (quiet, no frontends, fixed secret). */
  env?: Record<string, string>;
  /** Folder holding apps/shell/dist and apps/mf-<id>/dist for SERVE_FRONTENDS. */
  frontendsRoot?: string;
  /**
   * Another app's database, for a second instance on the same database (as behind a load
   * balancer); close() then leaves it to its owner.
   */
  database?: TestDatabase;
}

/**
 * For suites that send hundreds of requests from one address and compare database snapshots
 * (the bad-input fuzz, the path-variants suite): no rate limit gets in the way, and no background
 * job changes rows under the snapshot.
 */
export const SWEEP_SUITE_ENV: Readonly<Record<string, string>> = {
  AUTH_RATE_LIMIT: '1000000',
  AUTH_IP_RATE_LIMIT: '1000000',
  AUTH_REGISTER_RATE_LIMIT: '1000000',
  COLLECT_IP_RATE_LIMIT: '1000000',
  JOBS_WORKERS: 'false',
};

/**
 * The real app (AppModule + configureApp) on a fresh database with the migrations run.
 * Call once per test file in beforeAll, and close() in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const sharedDatabase = options.database;
  const database = sharedDatabase ?? (await createTestDatabase());
  // Uploaded documents go to a folder of this app's own, removed by close().
  const documents = await mkdtemp(path.join(os.tmpdir(), 'aide-test-documents-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: os.tmpdir(),
    // Hundreds of sign-ups per run: argon2's production cost would be most of the suite's time.
    PASSWORD_HASHING: 'fast-for-tests',
    DOCUMENT_STORAGE_DIR: documents,
    // No analytics roll-up behind a suite's back (a suite writing past days' events would see them
    // skipped once rolled up); the analytics suites run the maintenance themselves.
    ANALYTICS_ROLLUP_INTERVAL_MINUTES: '0',
    ...options.env,
    DATABASE_URL: database.url,
  });
  const app = await createApp(env, { logger: ['error', 'warn'], frontendsRoot: options.frontendsRoot });
  await app.init();
  return {
    app,
    http: app.getHttpServer(),
    database,
    async close() {
      await app.close();
      if (!sharedDatabase) await database.drop();
      await rm(documents, { recursive: true, force: true });
    },
  };
}
