import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { TEST_POSTGRES_URL_VARIABLE } from './test-database';

export interface TestPostgres {
  root: string;
  stop(): Promise<void>;
}

declare global {
  var __AIDE_TEST_POSTGRES__: TestPostgres | undefined;
}

/**
 * One real Postgres for the whole run, in a temp folder, tuned for throwaway data (no fsync).
 * Each test file creates its own database in it (test/test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'aide-api-test-'));
  await chmod(root, 0o755); // run as root, Postgres runs as the `postgres` user and must reach its folder
  const database = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'postgres',
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  });
  process.env[TEST_POSTGRES_URL_VARIABLE] = database.url;
  globalThis.__AIDE_TEST_POSTGRES__ = { root, stop: database.stop };
}
