/**
 * The API under load, next to a minimal baseline (npm run bench -- api [--profile]).
 *
 * An embedded Postgres; the real API (production mode) in a child process of its own (its RSS is
 * its own, and the load generator does not share its CPU time); four users signed up through the
 * API: one with SEED.listTasks tasks, one with SEED.tasks tasks and SEED.events events (profile
 * timezone Europe/Paris) plus a second one with as many, and one that writes. Then, with autocannon
 * on loopback (CONNECTIONS connections, no pipelining) and the users' session cookies:
 *   - GET /api/tasks and GET /api/dashboard, each alternating ROUNDS times between the API and the
 *     baseline (bench/baseline/api-baseline.ts: node:http + pg replaying the SQL the API ran for
 *     that route, captured from the API process); requests/s and p50/p95/p99, min/median/max over
 *     rounds, and the paired API/baseline ratios (per-round ratios' median);
 *   - POST /api/tasks (unique titles), API and baseline likewise;
 *   - the API's RSS idle (after start and seeding) and after each load round.
 * Any non-2xx answer, connection error or timeout fails the bench, as does a baseline whose JSON
 * differs from the API's. Writes bench/results/api.json.
 *
 * --profile: the API child runs with --cpu-prof; its top self-time functions are printed at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { buildForBench } from './lib/api-build';
import { type Child, startChild } from './lib/api-child';
import { type LoadFigures, runLoad } from './lib/api-load';
import { type CapturedStatement, describePlan, planOf, reviveParam, type RoutePlan } from './lib/api-plan';
import { topSelfTime } from './lib/api-profile';
import { cpuMeter } from './lib/process-cpu';
import { type BenchResult, type BenchRow, budgetFailures, perRoundRows, spread, writeResult } from './lib/report';
import { type Seed, seedEmails, seedEvents, seedTasks } from './seed';

const SEED = { listTasks: 50, tasks: 10_000, events: 10_000, emails: 50_000 };
/** A zone with an offset, so "today" is not the UTC date. */
const TIMEZONE = 'Europe/Paris';
const CONNECTIONS = 10;
/** The CPUs the API, Postgres and the load generator share. */
const CPUS = os.availableParallelism();
/** A positive whole number from the environment (a shorter run while working), else the default. */
function fromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got "${value}"`);
  return n;
}
const WARM_UP_SECONDS = fromEnv('BENCH_API_WARM_UP_SECONDS', 2);
const ROUNDS = fromEnv('BENCH_API_ROUNDS', 3);
const ROUND_SECONDS = fromEnv('BENCH_API_ROUND_SECONDS', 5);
/**
 * BENCH_API_ROUTES: a comma-separated subset of tasks-list, dashboard, tasks-create (all by
 * default); without the dashboard its 2 × 70,000 rows are not seeded.
 */
const ROUTE_NAMES = ['tasks-list', 'dashboard', 'tasks-create'] as const;
const ROUTES = (process.env.BENCH_API_ROUTES ?? ROUTE_NAMES.join(',')).split(',').map((r) => r.trim());
for (const route of ROUTES)
  if (!(ROUTE_NAMES as readonly string[]).includes(route))
    throw new Error(`BENCH_API_ROUTES: "${route}" is not one of ${ROUTE_NAMES.join(', ')}`);
const PROFILE = process.argv.includes('--profile');
/** --explain: each captured statement's execution time in Postgres (EXPLAIN ANALYZE, median of 5), and the plan of the slowest. */
const EXPLAIN = process.argv.includes('--explain');
/**
 * The Node flags the image runs the API with (Dockerfile NODE_OPTIONS, whose comment says why; npm
 * start too); the baseline gets them too, to stay side by side.
 */
const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];
const PASSWORD = 'correct horse battery staple';

/** What the dashboard users get (each of the two: the queries must pick the right user's rows). */
const SEEDERS: Seed[] = [
  (db, userId) => seedTasks(db, userId, SEED.tasks),
  (db, userId) => seedEvents(db, userId, SEED.events),
  (db, userId) => seedEmails(db, userId, SEED.emails),
];

/**
 * What the profile showed (npm run bench -- api --profile, on the shared 2-CPU machine), kept in
 * the result because it explains the ratios and what was done about them.
 */
const PROFILE_NOTE =
  "Profile (--profile): the API spent 2.2× (GET /api/tasks) and 2.8× (POST /api/tasks) the baseline's CPU per request, spread thin over TypeORM building each find() query and hydrating entities, Nest's router, guards and interceptors, express-session with connect-pg-simple, and passport's deserializer. " +
  'What was cut (issue 29): a signed-in request ran 5 statements besides its own (the session lookup, passport loading the user, two feature-toggle reads for the module guard and the required-2FA guard, the route, the session touch); now the session lookup reads the user and every toggle in the same statement (auth/session.service.ts; a change is still seen by the next request), the touch writes at most once a minute, the task list is one statement written once from the entity metadata and sent as a prepared statement straight to the pool (common/entity-rows.ts), and the create is one insert() instead of save(). ' +
  'GET /api/tasks went from 6 statements in 6 round trips to 2 in 2, POST /api/tasks from 11 in 7 to 7 in 3. CPU per request ÷ baseline (the baseline replays the same SQL, so it lost the statements too), in short runs (3 rounds of 4 s) on the shared 2-CPU machine: before, ×2.20 (GET) and ×2.77 (POST) at load 10–16; after, ×1.29 and ×1.68 at load 12–18, ×1.75 and ×2.41 at load 31–37. ' +
  "Round two (same issue): the profile of a run at load 6–9 still showed TypeORM building queries on these routes (the dashboard's events read through the query builder and its recent research through find(), each ~5% of the dashboard's CPU; the create's two inserts through InsertQueryBuilder, ~2 s of a 50 s profile) and a query runner per raw statement. Now the events (EventsService.occurrences) and recent research reads are prepared statements written once from the entity metadata (spec: occurrences() answers list()'s rows field for field); the dashboard providers' raw reads go straight to the pool (entity-rows.ts poolQuery, not prepared: their plans stay made for their parameters); the activity log row and the stream's pg_notify are fixed prepared statements; a task that cannot remind (no due date or lead time: the reminder nudger ignores it) is written by a prepared INSERT … RETURNING built from the metadata, one that can still goes through insert() (its subscriber call nudges the sweep); the endpoint interceptor passes reads straight through outside tests. The statements are the same ones (17 for the dashboard, 4 for the create), so the baseline replays what it did. " +
  "Main and this change run back to back, twice each (BENCH_API_ROUTES=dashboard,tasks-create, 3 rounds of 5 s, load 6–8 with the front end's bench beside it): API CPU per request on the dashboard 5.44 and 5.19 ms (×2.11 and ×2.32 the baseline) → 4.63 and 4.12 ms (×1.68 and ×1.62); on the create 1.91 and 2.17 ms (×2.70 and ×3.06) → 1.15 and 1.46 ms (×2.07 and ×2.26). Requests/s ratios moved less clearly at that load: dashboard ×0.85 and ×0.62 → ×0.75 and ×0.82, create ×0.61 and ×0.51 → ×0.73 and ×0.64. " +
  "What is left: socket writes (writev, which both sides make, larger in the API's profile under load), pg and its protocol parser, Express and Nest's per-request pipeline (router, three global interceptors in rxjs, the guards), express-session signing the rolling cookie (an HMAC per request, which the baseline makes too), helmet, and hydrating and mapping rows (toTask, entity-rows' hydrate). " +
  "Round three (same issue): this bench now also reads Postgres' CPU (bench/lib/process-cpu.ts) and the load generator's, which showed both sides CPU-bound at about three quarters of what the 2 CPUs allow, and the dashboard costing Postgres 10.5 ms of CPU per request for 2.8 ms of execution (--explain). Two causes: the seed had every open task last updated at the moment of seeding, so the planner expected most tasks to have changed today and read all 10,000 of a user's tasks to find those completed today (2.2 ms; the seed now spreads open tasks' last edits over 120 days, as a real list's are, and the partial index serves the branch: 0.7 ms of execution for all 17 statements); and each of the providers' statements was parsed and planned anew on every request: poolQuery now prepares them (named after their text), and Postgres keeps a generic plan only where it costs no more (dashboard-indexes.e2e-spec checks the plans a prepared statement gets after five runs). Postgres' CPU per dashboard 10.5 → 3.8 ms; the dashboard 118 → 178 req/s and p95 110 → 76 ms in back-to-back runs on a quiet machine; the baseline, which replays the same statements prepared, gained more (140 → 229 req/s), so the ratio stayed near ×0.81. " +
  "Would Fastify close the rest? Measured apart (a Nest app with one GET answering the 50 tasks' JSON, autocannon with 10 connections, on this machine): bare node:http 0.11 ms of CPU per request, Nest on Express 0.245 ms, Nest on Fastify 0.14 ms, three pass-through interceptors and two guards +0.005–0.03 ms, helmet and compression +0.01–0.05 ms. Fastify would save about 0.1 ms of the 0.45–1.6 ms per request the API spends beyond the baseline (tasks, dashboard, create), at the cost of replacing express-session, passport's session, multer and the static serving the API is built on; not done. " +
  "Round four (same issue): a profile of GET /api/tasks alone put 1.5 % of the API's CPU in Express hashing every JSON answer's body for an ETag (SHA-1), though every answer under /api is no-store and never revalidated; the app no longer makes one (app.setup.ts), and the calendar feed, which calendar apps revalidate, sets its own. The rest of what the API spends beyond the baseline on that route, from the same profile: Express and its router 5.7 %, Nest's pipeline (core, rxjs, guards, interceptors) 4.5 %, express-session (loading, hashing the session twice, the rolling cookie's HMAC) 3 %, compression's wrapper 1 %, and garbage collection 5.9 % against the baseline's 4 %; reading the rows, mapping them and writing the JSON are the baseline's work too. " +
  "Round sixteen (same issue): the garbage collector took 7.5 % (POST /api/tasks) and 8.5 % (the dashboard) of the API's CPU in profiles, against the baseline's 2 and 3.5 %. --trace-gc-nvp showed each scavenge promoting about 900 KB of the API's heap (the baseline: 2–300 KB), and a heap profile of what was promoted showed whole requests, long finished: headers, sessions, pg's rows. The cause is a heuristic of V8's parser: a function literal assigned straight to a property is allocated in the old generation, as a method would be, and compression (its four response proxies), express-session (res.end) and pg (every promise query's callback) assign one per request or query; from the old generation each holds its request alive through every scavenge until the next full collection (a bare node:http server that sets res.flush = function () { return req } shows it too, 0 → 190 KB promoted per scavenge). patches/ names each closure before assigning it (patch-package, applied by npm install and by the runtime image's staging; common/young-request-closures.spec checks where V8 puts them): promoted per scavenge 911 → 246 KB, scavenge pause 6.1 → 3.2 ms. In alternating runs of this bench (two each, load about 3), the API's CPU per request ÷ the baseline's went from ×1.55 and ×1.52 to ×1.32 and ×1.35 on GET /api/tasks and from ×2.51 and ×2.30 to ×1.88 and ×2.01 on POST /api/tasks; the dashboard's stayed within the noise (×1.51 and ×1.48 before, ×1.74 and ×1.48 after).";

/** What the API's RSS is made of and what issue 29 did about it (/proc/<pid>/smaps, heap statistics). */
const MEMORY_NOTE =
  "Memory: of the idle API's RSS about 58 MB are the node binary's own pages (file-backed) and 10–20 MB malloc and thread stacks; the rest is V8's heap (old generation 50–60 MB live, 53 MB of it taken by requiring the module tree alone). Node 24's V8 keeps the pages it frees resident (pooled) until a memory-reducing collection, which its memory reducer seldom starts while timers allocate. Issue 29: start-up left the young generation at 2 × 16 MB and freed pages pooled, so the API and the worker run one memory-reducing collection once built (common/startup-memory.ts): idle 181 → 143 MB. Under load, on a host with much memory, V8 let the old generation grow to 4× the 75–80 MB that stayed live before collecting, and kept the pages: RSS after the rounds 365–470 MB; --heap-growing-percent=50 (Dockerfile CMD, npm start, here) holds it near 200–240 MB, CPU per request within the noise of paired runs. imapflow, nodemailer, mailparser, html-to-text and tsdav (about 10 MB of heap) load on first use; so, since round ten, do web-push, file-type, ical.js, openid-client, fflate, rrule, Readability and csv-parse (about 3.5 MB of heap after start: 66 → 63 MB used). Round fifteen: the server's five message catalogs are read when a reader of their language first needs one (@aide/contracts/server-messages), and the API's build emits its JavaScript without comments, whose text a running module keeps in the heap: about 57.5 → 55.4 MB of heap used after start (1.2 and 0.9 MB), idle RSS 150.1 MB in the last run before them, 146.9 and 144.1 MB in this round's two full runs.";

interface User {
  cookie: string;
  id: number;
}

async function register(base: string, email: string): Promise<User> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Bench', lastName: 'User' }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: ((await response.json()) as { id: number }).id };
}

interface Scenario {
  group: string;
  method: 'GET' | 'POST';
  path: string;
  user: User;
  /** The baseline's description, for the group's note. */
  note: string;
}

let titles = 0;
const taskBody = () =>
  JSON.stringify({ title: `Bench task ${process.pid}-${++titles}`, priority: 'medium', status: 'pending' });

async function request(base: string, scenario: Scenario): Promise<{ status: number; body: unknown; sent?: string }> {
  const sent = scenario.method === 'POST' ? taskBody() : undefined;
  const response = await fetch(`${base}${scenario.path}`, {
    method: scenario.method,
    headers: { cookie: scenario.user.cookie, origin: base, ...(sent && { 'content-type': 'application/json' }) },
    ...(sent && { body: sent }),
  });
  return { status: response.status, body: await response.json(), sent };
}

/** The statements the API runs for one warm request of `scenario`. */
async function capturePlan(api: Child, scenario: Scenario): Promise<RoutePlan> {
  await request(api.base, scenario);
  await api.ask({ type: 'capture', on: true }, 'capturing');
  const answer = await request(api.base, scenario);
  const { statements } = await api.ask<{ statements: CapturedStatement[] }>({ type: 'capture', on: false }, 'captured');
  if (answer.status >= 300)
    throw new Error(`${scenario.method} ${scenario.path} answered ${answer.status} while capturing its SQL`);
  return planOf(scenario.method, scenario.path, statements, answer.sent ? JSON.parse(answer.sent) : undefined);
}

/** Drops what legitimately differs between two answers of a write (ids, titles, timestamps). */
const shapeOf = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shapeOf)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]))
      : typeof value;

const mb = (n: number) => Math.round(n * 10) / 10;

/** --explain: how long Postgres takes to run each statement of a plan (a read-only view: writes are rolled back). */
async function explainPlan(db: pg.Client, plan: RoutePlan): Promise<string> {
  const timed: { sql: string; ms: number; text: string }[] = [];
  for (const statement of plan.stages.flat()) {
    if (statement.role !== 'query' && statement.role !== 'session-read') continue;
    const times: number[] = [];
    let text = '';
    for (let i = 0; i < 5; i++) {
      await db.query('BEGIN');
      try {
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
          statement.params.map(reviveParam),
        );
        text = rows.map((r) => r['QUERY PLAN']).join('\n');
        times.push(Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN));
      } finally {
        await db.query('ROLLBACK');
      }
    }
    timed.push({ sql: statement.sql, ms: spread(times).median, text });
  }
  const total = timed.reduce((sum, t) => sum + t.ms, 0);
  const lines = [...timed]
    .sort((a, b) => b.ms - a.ms)
    .map((t) => `  ${t.ms.toFixed(2).padStart(7)} ms  ${t.sql.replace(/\s+/g, ' ').slice(0, 150)}`);
  const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3);
  return [
    `${plan.method} ${plan.path}: ${total.toFixed(1)} ms of execution in Postgres (EXPLAIN ANALYZE, median of 5 each):`,
    ...lines,
    ...slowest.map((t) => `\n${t.sql}\n${t.text}`),
  ].join('\n');
}

async function main() {
  const started = performance.now();
  const failures: string[] = [];
  const notes: string[] = [];
  const rows: BenchRow[] = [];
  const root = await mkdtemp(path.join(os.tmpdir(), 'aide-bench-api-'));
  // Kept after the run (printed), for a closer look in Chrome DevTools or an editor.
  const profileDir = path.join(os.tmpdir(), `aide-bench-api-profile-${process.pid}`);
  const build = await buildForBench(['bench/lib/api-server.ts', 'bench/lib/api-plan.ts', 'bench/baseline']);
  const pgServer = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'aide',
  });
  const secret = randomBytes(32).toString('hex');
  const children: Child[] = [];
  const db = new pg.Client({ connectionString: pgServer.url });
  try {
    const api = await startChild(
      build.out('bench/lib/api-server.ts'),
      {
        NODE_ENV: 'production',
        LOG_REQUESTS: 'false',
        SERVE_FRONTENDS: 'false',
        SESSION_SECRET: secret,
        DATA_DIR: root,
        DATABASE_URL: pgServer.url,
        AUTH_REGISTER_RATE_LIMIT: '1000',
      },
      [
        ...PRODUCTION_NODE_FLAGS,
        ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=api.cpuprofile'] : []),
      ],
    );
    children.push(api);

    const lister = await register(api.base, 'list@example.com');
    const heavy = await register(api.base, 'heavy@example.com');
    const other = await register(api.base, 'other@example.com');
    const writer = await register(api.base, 'writer@example.com');
    const profile = await fetch(`${api.base}/api/profile`, {
      method: 'PATCH',
      headers: { cookie: heavy.cookie, origin: api.base, 'content-type': 'application/json' },
      body: JSON.stringify({ timezone: TIMEZONE }),
    });
    if (!profile.ok) throw new Error(`PATCH /api/profile answered ${profile.status}`);
    await db.connect();
    const seeding = performance.now();
    await seedTasks(db, lister.id, SEED.listTasks);
    if (ROUTES.includes('dashboard'))
      for (const id of [heavy.id, other.id]) for (const seed of SEEDERS) await seed(db, id);
    // VACUUM too: a steady-state table (autovacuum's work) has its visibility map, which index-only scans need.
    await db.query('VACUUM ANALYZE');
    console.log(
      ROUTES.includes('dashboard')
        ? `Seeded ${SEED.listTasks} tasks for one user, ${SEED.tasks} tasks, ${SEED.events} events and ${SEED.emails} emails for each of 2 more in ${Math.round(performance.now() - seeding)} ms`
        : `Seeded ${SEED.listTasks} tasks for one user in ${Math.round(performance.now() - seeding)} ms (no dashboard data: BENCH_API_ROUTES)`,
    );
    notes.push(
      `Data: one user with ${SEED.listTasks} tasks (GET /api/tasks); two users with ${SEED.tasks} tasks, ${SEED.events} events and ${SEED.emails} emails each, profile timezone ${TIMEZONE} (GET /api/dashboard asks for the first); POST /api/tasks by a fourth user.`,
      PROFILE_NOTE,
      MEMORY_NOTE,
      `Load: autocannon over loopback, ${CONNECTIONS} connections, pipelining 1, session cookie, no gzip negotiated; after ${WARM_UP_SECONDS} s of warm-up per side, ${ROUNDS} rounds of ${ROUND_SECONDS} s per side alternating API and baseline (the order flips each round). The API runs in production mode in a child process; the load generator runs in the bench's process; ${os.cpus().length} CPUs shared with Postgres.`,
    );
    const idleRss = api.rssMb();

    const allScenarios: (Scenario & { name: (typeof ROUTE_NAMES)[number] })[] = [
      {
        name: 'tasks-list',
        group: `API: GET /api/tasks (${SEED.listTasks} tasks)`,
        method: 'GET',
        path: '/api/tasks',
        user: lister,
        note: '',
      },
      {
        name: 'dashboard',
        group: 'API: GET /api/dashboard (10k tasks, 10k events, 50k emails)',
        method: 'GET',
        path: '/api/dashboard',
        user: heavy,
        note: '',
      },
      {
        name: 'tasks-create',
        group: 'API: POST /api/tasks',
        method: 'POST',
        path: '/api/tasks',
        user: writer,
        note: '',
      },
    ];
    const scenarios: Scenario[] = allScenarios.filter((s) => ROUTES.includes(s.name));
    const plans: RoutePlan[] = [];
    for (const scenario of scenarios) {
      const plan = await capturePlan(api, scenario);
      plans.push(plan);
      const count = plan.stages.flat().length;
      console.log(
        `\n${scenario.method} ${scenario.path}: the API ran ${count} statements in ${plan.stages.length} round trips:\n${describePlan(plan)}`,
      );
      const roles = plan.stages.flat().map((s) => s.role);
      if (
        plan.stages[0]?.[0]?.role !== 'session-read' ||
        roles.filter((r) => r === 'session-read').length !== 1 ||
        roles.filter((r) => r === 'session-touch').length > 1
      ) {
        failures.push(
          `${scenario.group}: the captured SQL does not look like one request (one session lookup first, at most one touch): ${roles.join(', ')}`,
        );
      }
      if (EXPLAIN) console.log(await explainPlan(db, plan));
      scenario.note = `Baseline: node:http + pg replaying the ${count} SQL statements (${plan.stages.length} round trips, session lookup and touch included) the API ran for this request, captured from the API process; same JSON.`;
    }
    const planFile = path.join(root, 'baseline-plan.json');
    await writeFile(planFile, JSON.stringify(plans));
    const baseline = await startChild(
      build.out('bench/baseline/api-baseline.ts'),
      { DATABASE_URL: pgServer.url, SESSION_SECRET: secret, BASELINE_PLAN: planFile },
      [
        ...PRODUCTION_NODE_FLAGS,
        ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=baseline.cpuprofile'] : []),
      ],
    );
    children.push(baseline);

    // The baseline must answer what the API answers: equal JSON for the reads, the same shape for the write.
    for (const scenario of scenarios) {
      const [a, b] = [await request(api.base, scenario), await request(baseline.base, scenario)];
      const same =
        scenario.method === 'GET'
          ? isDeepStrictEqual(a.body, b.body)
          : isDeepStrictEqual(shapeOf(a.body), shapeOf(b.body));
      if (a.status !== b.status || !same)
        failures.push(
          `${scenario.group}: the baseline's answer (${b.status}) differs from the API's (${a.status}): ${JSON.stringify(b.body).slice(0, 400)} against ${JSON.stringify(a.body).slice(0, 400)}`,
        );
    }

    const apiRss: number[] = [];
    const check = (scenario: Scenario, side: string, figures: LoadFigures) => {
      if (figures.non2xx || figures.errors || figures.timeouts || figures.responses === 0) {
        failures.push(
          `${scenario.group} (${side}): ${figures.non2xx} non-2xx answers (${JSON.stringify(figures.statuses)}), ${figures.errors} errors, ${figures.timeouts} timeouts out of ${figures.responses} responses`,
        );
      }
    };
    for (const scenario of scenarios) {
      const load = (child: Child, seconds: number) =>
        runLoad({
          url: `${child.base}${scenario.path}`,
          method: scenario.method,
          headers: {
            cookie: scenario.user.cookie,
            origin: child.base,
            ...(scenario.method === 'POST' && { 'content-type': 'application/json' }),
          },
          ...(scenario.method === 'POST' && { body: taskBody }),
          seconds,
          connections: CONNECTIONS,
        });
      for (const [side, child] of [
        ['API', api],
        ['baseline', baseline],
      ] as const)
        check(scenario, `${side} warm-up`, await load(child, WARM_UP_SECONDS));
      const a: LoadFigures[] = [];
      const b: LoadFigures[] = [];
      const cpu = { A: [] as number[], B: [] as number[] };
      // Postgres' and the load generator's (this process') CPU per request, and the most requests/s the
      // CPUs allow at that cost: all three processes' CPU per request ÷ the CPUs.
      const pgCpu = { A: [] as number[], B: [] as number[] };
      const loadCpu = { A: [] as number[], B: [] as number[] };
      const ceiling = { A: [] as number[], B: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
        for (const side of order) {
          const child = side === 'A' ? api : baseline;
          const cpuBefore = child.cpuMs();
          const spent = cpuMeter();
          const figures = await load(child, ROUND_SECONDS);
          const responses = Math.max(1, figures.responses);
          const { ownMs, trees } = spent();
          cpu[side].push((child.cpuMs() - cpuBefore) / responses);
          pgCpu[side].push((trees.get('postgres') ?? 0) / responses);
          loadCpu[side].push(ownMs / responses);
          ceiling[side].push(
            Math.round((CPUS * 1000) / (cpu[side].at(-1)! + pgCpu[side].at(-1)! + loadCpu[side].at(-1)!)),
          );
          check(scenario, side === 'A' ? 'API' : 'baseline', figures);
          (side === 'A' ? a : b).push(figures);
          if (side === 'A') apiRss.push(api.rssMb());
        }
      }
      const row = perRoundRows(scenario.group);
      const loadRow = (metric: 'requestsPerSecond' | 'p50' | 'p95' | 'p99', ratio: boolean, note?: string) =>
        row(
          metric === 'requestsPerSecond' ? 'requests/s' : metric,
          metric === 'requestsPerSecond' ? 'req/s' : 'ms',
          a.map((f) => f[metric]),
          b.map((f) => f[metric]),
          { ratio, note },
        );
      rows.push(
        loadRow('requestsPerSecond', true, scenario.note),
        loadRow('p50', false),
        loadRow('p95', false),
        loadRow('p99', true),
        row('CPU per request (server process)', 'ms', cpu.A, cpu.B, { ratio: true }),
        row('CPU per request (Postgres)', 'ms', pgCpu.A, pgCpu.B, {
          note: 'The postmaster and every process under it, from /proc/<pid>/stat (bench/lib/process-cpu.ts), over the round ÷ responses.',
        }),
        row('CPU per request (load generator, this process)', 'ms', loadCpu.A, loadCpu.B),
        row(`requests/s the ${CPUS} CPUs allow at most`, 'req/s', ceiling.A, ceiling.B, {
          ratio: true,
          note: `The server's, Postgres' and the load generator's CPU per request together, into ${CPUS} CPUs: what each side could answer if it kept every CPU busy. Where a side's requests/s stay below its ceiling, the rest of its time went to waiting (round trips to Postgres, the ${CONNECTIONS} connections' turns), not to work.`,
        }),
      );
      const total = a.reduce((n, f) => n + f.responses, 0);
      console.log(
        `${scenario.group}: ${total} API responses over ${ROUNDS} rounds, ${b.reduce((n, f) => n + f.responses, 0)} baseline`,
      );
    }

    rows.push(
      {
        group: 'API: memory',
        metric: 'RSS idle (after start and seeding)',
        unit: 'MB',
        min: idleRss,
        median: idleRss,
        max: idleRss,
        note: `The API child process (VmRSS); baseline: the baseline server after the same load. Both run with the image's V8 flags (${PRODUCTION_NODE_FLAGS.join(' ')}; Dockerfile).`,
      },
      {
        group: 'API: memory',
        metric: 'RSS after each load round',
        unit: 'MB',
        ...spread(apiRss),
        baseline: mb(baseline.rssMb()),
      },
    );

    const { usage } = await api.ask<{ usage: NodeJS.MemoryUsage }>({ type: 'memory' }, 'memory');
    notes.push(
      `API memory after the load: RSS ${mb(api.rssMb())} MB, of which V8 heap ${mb(usage.heapTotal / 2 ** 20)} MB (${mb(usage.heapUsed / 2 ** 20)} MB used), external ${mb(usage.external / 2 ** 20)} MB, array buffers ${mb(usage.arrayBuffers / 2 ** 20)} MB.`,
    );
    for (const child of children.splice(0)) await child.stop();
    if (PROFILE) {
      for (const side of ['api', 'baseline']) {
        const file = path.join(profileDir, `${side}.cpuprofile`);
        const top = topSelfTime(file);
        console.log(
          `\n${side === 'api' ? 'API' : 'Baseline'} CPU profile (${file}): ${top.busyMs} ms busy of ${top.totalMs} ms; top self time:`,
        );
        for (const line of top.lines)
          console.log(
            `  ${String(line.percent).padStart(5)}%  ${String(line.selfMs).padStart(6)} ms  ${line.name}  ${line.where}`,
          );
        notes.push(
          `CPU profile of this run (${side}): ${top.busyMs} ms busy; top self time ${top.lines
            .slice(0, 6)
            .map((l) => `${l.name} ${l.percent}%`)
            .join(', ')}.`,
        );
      }
    }

    const result: BenchResult = {
      name: 'api',
      date: new Date().toISOString(),
      rows,
      failures: [...failures, ...budgetFailures(rows)],
      notes,
    };
    const out = await writeResult(result);
    printTable(result);
    console.log(
      `\nWrote ${path.relative(process.cwd(), out)} in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    if (result.failures.length) process.exitCode = 1;
  } finally {
    for (const child of children) await child.stop();
    await db.end().catch(() => {});
    await pgServer.stop();
    await build.remove();
    await rm(root, { recursive: true, force: true });
  }
}

function printTable(result: BenchResult) {
  let group = '';
  const cell = (v: number | undefined) => (v === undefined ? '' : String(v)).padStart(9);
  for (const row of result.rows) {
    if (row.group !== group) {
      group = row.group;
      console.log(
        `\n${group}\n  ${'metric'.padEnd(36)}${'min'.padStart(9)}${'median'.padStart(9)}${'max'.padStart(9)}${'baseline'.padStart(9)}${'ratio'.padStart(9)}`,
      );
    }
    console.log(
      `  ${`${row.metric} (${row.unit})`.padEnd(36)}${cell(row.min)}${cell(row.median)}${cell(row.max)}${cell(row.baseline)}${cell(row.ratio)}`,
    );
  }
  for (const row of result.rows.filter((r) => r.note)) console.log(`\n${row.group}: ${row.note}`);
  for (const note of result.notes) console.log(`- ${note}`);
  for (const failure of result.failures) console.log(`FAIL ${failure}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
