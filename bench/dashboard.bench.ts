/**
 * GET /api/dashboard latency with a heavy user: an embedded Postgres, the real API app, one user
 * with SEED.tasks tasks and SEED.events events (plus a second user with as many, so every query
 * has to pick the right user's rows), then REQUESTS timed sequential requests after WARM_UP.
 * Prints p50/p95/p99 and writes bench/results/dashboard.json. Run: npm run bench -- dashboard
 * (add --explain to print the plans of the dashboard's SQL).
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DashboardResponse, OrganiserDashboard } from '@aide/contracts';
import { DataSource } from 'typeorm';
import { createApp } from '../apps/api/src/app.setup';
import { parseEnv } from '../apps/api/src/config/env.schema';
import { startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { seedEmails, seedEvents, seedTasks, type Seed } from './seed';

const SEED = { tasks: 10_000, events: 10_000, emails: 50_000 };
const WARM_UP = 50;
const REQUESTS = 200;
/** A zone with an offset, so "today" is not the UTC date. */
const TIMEZONE = 'Europe/Paris';

/** What each user gets. */
const SEEDERS: Seed[] = [
  (db, userId) => seedTasks(db, userId, SEED.tasks),
  (db, userId) => seedEvents(db, userId, SEED.events),
  (db, userId) => seedEmails(db, userId, SEED.emails),
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms: number) => Math.round(ms * 100) / 100;

async function register(base: string, email: string): Promise<{ cookie: string; id: number }> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple', firstName: 'Bench', lastName: 'User' }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: ((await response.json()) as { id: number }).id };
}

/** With --explain: the plans of the raw SQL one dashboard request runs (the providers' queries), to check they use their indexes. */
async function explainDashboardQueries(db: DataSource, get: () => Promise<unknown>): Promise<void> {
  const captured: [string, unknown[] | undefined][] = [];
  const original = db.query.bind(db);
  db.query = (async (sql: string, params?: unknown[]) => {
    captured.push([sql, params]);
    return original(sql, params);
  }) as typeof db.query;
  try {
    await get();
  } finally {
    db.query = original;
  }
  for (const [sql, params] of captured) {
    const plan: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN ANALYZE ${sql}`, params);
    console.log(
      `\n${sql.replace(/\s+/g, ' ').slice(0, 120)}…\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`,
    );
  }
}

async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'aide-bench-'));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'aide',
  });
  const env = parseEnv({
    NODE_ENV: 'production',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: root,
    DATABASE_URL: pg.url,
    AUTH_REGISTER_RATE_LIMIT: '1000',
  });
  const app = await createApp(env, { logger: ['error', 'warn'] });
  try {
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const db = app.get(DataSource);

    const user = await register(base, 'bench@example.com');
    const other = await register(base, 'other@example.com');
    await fetch(`${base}/api/profile`, {
      method: 'PATCH',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ timezone: TIMEZONE }),
    });
    const seeding = performance.now();
    for (const id of [user.id, other.id]) for (const seed of SEEDERS) await seed(db, id);
    // VACUUM too: a steady-state table (autovacuum's work) has its visibility map, which index-only scans need.
    await db.query('VACUUM ANALYZE');
    console.log(
      `Seeded ${SEED.tasks} tasks, ${SEED.events} events and ${SEED.emails} emails for each of 2 users in ${Math.round(performance.now() - seeding)} ms`,
    );

    const get = async () => {
      const started = performance.now();
      const response = await fetch(`${base}/api/dashboard`, { headers: { cookie: user.cookie } });
      const body = (await response.json()) as DashboardResponse;
      if (response.status !== 200)
        throw new Error(`GET /api/dashboard answered ${response.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body };
    };
    for (let i = 0; i < WARM_UP; i++) await get();
    if (process.argv.includes('--explain')) await explainDashboardQueries(db, get);
    const samples: number[] = [];
    let last: OrganiserDashboard | undefined;
    for (let i = 0; i < REQUESTS; i++) {
      const { ms, body } = await get();
      samples.push(ms);
      last = body.modules.organiser as OrganiserDashboard;
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const latencyMs = {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      min: round(sorted[0]),
      max: round(sorted[sorted.length - 1]),
      mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
    };
    const result = {
      benchmark: 'GET /api/dashboard',
      date: new Date().toISOString(),
      node: process.version,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
      seed: { ...SEED, users: 2, timezone: TIMEZONE },
      warmUp: WARM_UP,
      requests: REQUESTS,
      mode: 'sequential, one keep-alive client, over loopback HTTP',
      latencyMs,
      // A sanity check that the answer carried real data, not an empty dashboard.
      lastAnswer: {
        todayTasks: last?.todayTasks,
        todayTasksChange: last?.todayTasksChange,
        todayEvents: last?.todayEvents.length,
        priorityTasks: last?.priorityTasks.length,
      },
    };
    console.log(
      `GET /api/dashboard over ${REQUESTS} requests: p50 ${latencyMs.p50} ms, p95 ${latencyMs.p95} ms, p99 ${latencyMs.p99} ms (min ${latencyMs.min}, max ${latencyMs.max})`,
    );
    console.log(`Last answer: ${JSON.stringify(result.lastAnswer)}`);
    const out = path.join(__dirname, 'results', 'dashboard.json');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Wrote ${path.relative(process.cwd(), out)}`);
  } finally {
    await app.close();
    await pg.stop();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
