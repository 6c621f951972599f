#!/usr/bin/env node
// `npm run upgrade:dump -- [--commit <sha>] [--checkout <folder>] [--out <folder>]`
//
// Makes the upgrade test's fixture for a release: the release's own built API on a throwaway
// Debian PostgreSQL, data written through its HTTP API (seed-through-api.mjs) and, for what needs
// outside services, SQL (seed-through-sql.mjs), until every table holds rows; then a plain-SQL
// pg_dump (INSERT statements, so the test loads it without pg_dump or psql), gzipped, with the
// uploaded documents and a manifest (commit, migrations, row counts, people, keys).
// See DEPLOYMENT.md, "Making the next release's dump".
import '../supported-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

// After the Node check, as everything that is not a Node built-in.
const { default: pg } = await import('pg');
const { freePort, pgRun, startPostgres } = await import('./postgres-server.mjs');
const { releaseCheckout } = await import('./release-checkout.mjs');
const { PEOPLE, seedThroughApi } = await import('./seed-through-api.mjs');
const { seedThroughSql } = await import('./seed-through-sql.mjs');

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: { commit: { type: 'string', default: 'HEAD' }, checkout: { type: 'string' }, out: { type: 'string' } },
});
const commit = spawnSync('git', ['rev-parse', '--short=7', `${args.commit}^{commit}`], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim();
if (!commit) throw new Error(`${args.commit} is not a commit of this repository`);
const out = path.resolve(args.out ?? path.join(root, `apps/api/test/fixtures/upgrade/release-${commit}`));

/** Fixed keys, written into the manifest: the dump's stored credentials are encrypted with them. */
const KEYS = {
  SESSION_SECRET: 'upgrade-fixture-session-secret-not-for-production',
  CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
  VAPID_SECRET: 'upgrade-fixture-vapid-secret-not-for-production',
};

async function waitForHealth(base, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the release's API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the release API did not become healthy in 60 s');
}

const checkout = releaseCheckout(
  root,
  commit,
  path.resolve(args.checkout ?? path.join(os.tmpdir(), `aide-release-${commit}`)),
);
const work = mkdtempSync(path.join(os.tmpdir(), 'aide-upgrade-dump-'));
const documents = path.join(work, 'documents');
mkdirSync(documents);
const postgres = await startPostgres();
let api;
let apiLog = '';
try {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE aide');
  await admin.end();
  const databaseUrl = postgres.urlOf('aide');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, [path.join(checkout, 'apps/api/dist/main.js')], {
    cwd: checkout,
    env: {
      ...process.env,
      ...KEYS,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: work,
      DOCUMENT_STORAGE_DIR: documents,
      SERVE_FRONTENDS: 'false',
      LOG_REQUESTS: 'false',
      TRUST_PROXY: 'true',
      // No job runs while the dump is made: what the release queued stays queued in pg-boss' tables.
      JOBS_WORKERS: 'false',
      WEBSITE_UPTIME_INTERVAL_MINUTES: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The release's log is shown only when something goes wrong.
  api.stdout.on('data', (chunk) => (apiLog += chunk));
  api.stderr.on('data', (chunk) => (apiLog += chunk));
  await waitForHealth(base, api);
  console.log('Writing data through the release API…');
  const ids = await seedThroughApi(base);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  console.log('Writing what needs outside services through SQL…');
  await seedThroughSql(db, ids, { checkout, credentialsKey: KEYS.CREDENTIALS_KEY });
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  api = undefined;

  const tables = (
    await db.query(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
        WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  ).rows.map((r) => r.name);
  const rowCounts = {};
  for (const table of tables) {
    const [schema, name] = table.split('.');
    rowCounts[table] = Number(
      (await db.query(`SELECT count(*) AS n FROM ${db.escapeIdentifier(schema)}.${db.escapeIdentifier(name)}`)).rows[0]
        .n,
    );
  }
  const empty = Object.entries(rowCounts).filter(([t, n]) => t.startsWith('public.') && n === 0);
  if (empty.length) throw new Error(`These tables are still empty: ${empty.map(([t]) => t).join(', ')}`);
  const migrations = (await db.query('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name);
  const serverVersion = (await db.query('SHOW server_version')).rows[0].server_version;
  await db.end();

  const sql = pgRun(postgres.bin, 'pg_dump', [
    '--dbname',
    databaseUrl,
    '--no-owner',
    '--no-privileges',
    '--inserts',
    '--rows-per-insert=100',
  ]);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'dump.sql.gz'), gzipSync(sql, { level: 9 }));
  cpSync(documents, path.join(out, 'documents'), { recursive: true });
  const manifest = {
    commit: spawnSync('git', ['rev-parse', commit], { cwd: root, encoding: 'utf8' }).stdout.trim(),
    madeAt: new Date().toISOString(),
    postgres: serverVersion,
    people: PEOPLE.map(({ email, password }) => ({ email, password })),
    keys: KEYS,
    migrations,
    rowCounts,
  };
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Wrote ${out}: ${tables.length} tables, dump ${Math.round(sql.length / 1024)} KiB before gzip`);
} catch (error) {
  console.error(apiLog.split('\n').slice(-40).join('\n'));
  throw error;
} finally {
  api?.kill('SIGKILL');
  postgres.stop();
  rmSync(work, { recursive: true, force: true });
}
