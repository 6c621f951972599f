import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { parseEnv } from '../src/config/env.schema';
import { dataSourceOptions } from '../src/database/data-source';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { bossOptions } from '../src/jobs/jobs.config';
import { loadPgBoss } from '../src/jobs/pg-boss.loader';
import { MIGRATED_TEMPLATE_DATABASE, onServer, TEST_POSTGRES_URL_VARIABLE } from './test-database';

export interface TestPostgres {
  root: string;
  stop(): Promise<void>;
}

declare global {
  var __AIDE_TEST_POSTGRES__: TestPostgres | undefined;
}

/**
 * One real Postgres for the whole run, in a temp folder, tuned for throwaway data (no fsync).
 * Each test file creates its own database in it (test/test-database.ts), copied from a template
 * migrated here once. Files run in parallel, each app holding up to ~20 connections (TypeORM,
 * sessions, pg-boss), some files several apps: hence more connections than Postgres' 100.
 */
export default async function globalSetup(): Promise<void> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'aide-api-test-'));
  await chmod(root, 0o755); // run as root, Postgres runs as the `postgres` user and must reach its folder
  const database = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'postgres',
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=400',
    ],
  });
  process.env[TEST_POSTGRES_URL_VARIABLE] = database.url;
  globalThis.__AIDE_TEST_POSTGRES__ = { root, stop: database.stop };
  try {
    await createMigratedTemplate(database.url);
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/** The template every test database is copied from: the migrations run and pg-boss' schema in place, as the app's first start leaves them. */
async function createMigratedTemplate(serverUrl: string): Promise<void> {
  await onServer((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(MIGRATED_TEMPLATE_DATABASE)}`));
  const url = new URL(serverUrl);
  url.pathname = `/${MIGRATED_TEMPLATE_DATABASE}`;
  const dataSource = await new DataSource(dataSourceOptions(url.toString())).initialize();
  await dataSource.destroy();
  const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: url.toString(), JOBS_WORKERS: 'false' });
  const { PgBoss } = loadPgBoss();
  const boss = new PgBoss(bossOptions(env));
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  // A database is copied only while nobody is connected to it: refuse connections from now on,
  // and end any pg-boss may still be closing.
  await onServer(async (client) => {
    await client.query(
      `ALTER DATABASE ${client.escapeIdentifier(MIGRATED_TEMPLATE_DATABASE)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`,
    );
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      MIGRATED_TEMPLATE_DATABASE,
    ]);
  });
}
