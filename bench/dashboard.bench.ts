/**
 * GET /api/dashboard latency with a heavy user: an embedded Postgres, the real API app, one user
 * with SEED.tasks tasks and SEED.events events (plus a second user with as many, so every query
 * has to pick the right user's rows), then REQUESTS timed sequential requests after WARM_UP.
 * Prints p50/p95/p99 and writes bench/results/dashboard.json. Run: npm run bench -- dashboard
 * Also prints the statements one request runs and how many round trips follow one another (add
 * --explain for the plans of its queries and the buffers they touch).
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DashboardResponse, OrganiserDashboard } from '@aide/contracts';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createApp } from '../apps/api/src/app.setup';
import { parseEnv } from '../apps/api/src/config/env.schema';
import { startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { describePlan, planOf } from './lib/api-plan';
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

/** One statement the API sent through pg (TypeORM's pool and the session store's alike). */
interface Sent {
  sql: string;
  params: unknown[];
  pool: string;
  start: number;
  end: number;
}

/**
 * The statements one request runs, from pg's Client.prototype.query (the one entry point of every
 * statement: raw queries, repositories and query builders, the session store), with when each was
 * sent and answered, so the round trips one after the other can be counted (planOf: a statement sent
 * while another was in flight shares its stage).
 */
async function captureStatements(get: () => Promise<unknown>): Promise<Sent[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const sent: Sent[] = [];
  proto.query = function (this: pg.Client, config: unknown, values?: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
    const params = Array.isArray(values) ? values : ((config as { values?: unknown[] } | undefined)?.values ?? []);
    const entry: Sent = {
      sql: String(text),
      params,
      pool:
        (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters
          ?.application_name ?? '',
      start: performance.now(),
      end: Number.POSITIVE_INFINITY,
    };
    sent.push(entry);
    const done = () => (entry.end = performance.now());
    // The session store's pool calls with a callback, TypeORM without one (a promise).
    const last = rest.length > 0 ? rest.length - 1 : -1;
    if (typeof values === 'function' || (last >= 0 && typeof rest[last] === 'function')) {
      const wrap =
        (cb: (...a: unknown[]) => void) =>
        (...a: unknown[]) => {
          done();
          cb(...a);
        };
      if (typeof values === 'function') return original.call(this, config, wrap(values as (...a: unknown[]) => void));
      const args = [...rest];
      args[last] = wrap(args[last] as (...a: unknown[]) => void);
      return original.call(this, config, values, ...args);
    }
    const result = original.call(this, config, values, ...rest) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') void result.then(done, done);
    return result;
  };
  try {
    await get();
  } finally {
    proto.query = original;
  }
  return sent;
}

/**
 * With --explain: EXPLAIN (ANALYZE, BUFFERS) of each query one request ran, to check they use their
 * indexes. The buffers each plan touched add up to a figure load does not move, unlike its time.
 */
async function explainStatements(db: DataSource, statements: Sent[]): Promise<number> {
  let buffers = 0;
  for (const { sql, params } of statements) {
    // Only queries have plans (the session store's UPDATE, and BEGIN/SET LOCAL/COMMIT, are left out).
    if (!/^\s*(SELECT|WITH)\b/i.test(sql)) continue;
    const plan: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    const lines = plan.map((row) => row['QUERY PLAN']);
    // The top node's buffers are the statement's own (its children's included).
    const top = lines.find((line) => /^\s*Buffers:/.test(line));
    const hit = Number(/shared hit=(\d+)/.exec(top ?? '')?.[1] ?? 0) + Number(/read=(\d+)/.exec(top ?? '')?.[1] ?? 0);
    buffers += hit;
    console.log(
      `\n${sql.replace(/\s+/g, ' ').slice(0, 120)}… (${hit} buffers)\n${lines.map((l) => `  ${l}`).join('\n')}`,
    );
  }
  return buffers;
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
    const statements = await captureStatements(get);
    const plan = planOf('GET', '/api/dashboard', statements);
    const statementCount = plan.stages.reduce((n, stage) => n + stage.length, 0);
    console.log(
      `One GET /api/dashboard: ${statementCount} statements in ${plan.stages.length} round trips one after the other:\n${describePlan(plan)}`,
    );
    const buffers = process.argv.includes('--explain') ? await explainStatements(db, statements) : undefined;
    if (buffers !== undefined) console.log(`\nBuffers the request's queries touched (EXPLAIN BUFFERS): ${buffers}`);
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
      statements: statementCount,
      roundTrips: plan.stages.length,
      ...(buffers !== undefined && { buffers }),
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
