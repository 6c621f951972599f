/**
 * The websites' tracking collector under a burst (npm run bench -- collect).
 *
 * An embedded Postgres; the real API (production mode) in a child process, TRUST_PROXY on so each
 * simulated visitor has its own address (X-Forwarded-For), as behind a reverse proxy; one user
 * with one website. Then ROUNDS bursts of EVENTS page views at POST /api/collect, CONCURRENCY in
 * flight at a time, from VISITORS visitors (EVENTS / VISITORS pages each), sent as the script
 * sends them (text/plain JSON, a foreign Origin, a browser User-Agent). Reported: accepted events
 * per second, p50/p99 latency of the 202s, and how long after the last 202 every event was in
 * the database. Checks: every answer is 202 (the rate limits let a real burst through), every
 * accepted event is stored (website_pageviews), and each visitor's pages form one session.
 * Writes bench/results/collect.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { buildForBench } from './lib/api-build';
import { type Child, startChild } from './lib/api-child';
import {
  type BenchResult,
  type BenchRow,
  budgetFailures,
  median,
  pairedRatio,
  spread,
  writeResult,
} from './lib/report';

const EVENTS = 5_000;
const CONCURRENCY = 50;
const VISITORS = 500;
const ROUNDS = 3;
const WARM_UP_EVENTS = 500;
const SITE = 'https://bench-shop.example';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Burst {
  eventsPerSecond: number;
  p50: number;
  p99: number;
  accepted: number;
  statuses: Record<number, number>;
  errors: number;
  /** From the last 202 until the database held every accepted event. */
  storedAfterMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 100) / 100;

async function pageviews(db: pg.Client): Promise<number> {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM website_pageviews`)).rows[0].n;
}

/** One burst: `events` page views, `CONCURRENCY` at a time, visitors numbered from `firstVisitor`. */
async function burst(
  base: string,
  db: pg.Client,
  siteKey: string,
  events: number,
  round: number,
  stores = true,
): Promise<Burst> {
  const before = await pageviews(db);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < events) {
      const i = next++;
      const visitor = i % VISITORS;
      const body = JSON.stringify({
        siteKey,
        type: 'pageview',
        url: `${SITE}/products/${Math.floor(i / VISITORS)}?ref=bench`,
        referrer: i < VISITORS ? 'https://news.example/' : `${SITE}/`,
      });
      const sent = performance.now();
      try {
        const response = await fetch(`${base}/api/collect`, {
          method: 'POST',
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            origin: SITE,
            'user-agent': CHROME,
            'x-forwarded-for': `10.${round}.${visitor >> 8}.${visitor & 255}`,
          },
          body,
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status === 202) latencies.push(performance.now() - sent);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - started;
  const accepted = statuses[202] ?? 0;
  const answered = performance.now();
  while (stores && (await pageviews(db)) < before + accepted) {
    if (performance.now() - answered > 60_000)
      throw new Error(`only ${(await pageviews(db)) - before} of ${accepted} accepted events stored after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const storedAfterMs = performance.now() - answered;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    eventsPerSecond: accepted / (elapsed / 1000),
    p50: sorted.length ? percentile(sorted, 50) : 0,
    p99: sorted.length ? percentile(sorted, 99) : 0,
    accepted,
    statuses,
    errors,
    storedAfterMs,
  };
}

async function main() {
  const started = performance.now();
  const failures: string[] = [];
  const root = await mkdtemp(path.join(os.tmpdir(), 'aide-bench-collect-'));
  // The contracts compiled from source alongside the API (not their dist, which may predate them).
  const build = await buildForBench(['bench/lib/api-server.ts', 'libs/contracts/src']);
  const outDir = path.resolve(path.dirname(build.out('bench/lib/api-server.ts')), '..', '..');
  await mkdir(path.join(outDir, 'node_modules', '@aide', 'contracts'), { recursive: true });
  await writeFile(
    path.join(outDir, 'node_modules', '@aide', 'contracts', 'package.json'),
    JSON.stringify({ name: '@aide/contracts', main: '../../../libs/contracts/src/index.js' }),
  );
  const pgServer = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'aide',
  });
  const db = new pg.Client({ connectionString: pgServer.url });
  let api: Child | undefined;
  try {
    api = await startChild(build.out('bench/lib/api-server.ts'), {
      NODE_ENV: 'production',
      LOG_REQUESTS: 'false',
      SERVE_FRONTENDS: 'false',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: root,
      DATABASE_URL: pgServer.url,
      TRUST_PROXY: 'true',
      WEBSITE_UPTIME_INTERVAL_MINUTES: '0',
      // RATE_LIMIT_STORE=memory npm run bench -- collect: the collector's limits counted in memory, to compare.
      ...(process.env.RATE_LIMIT_STORE && { RATE_LIMIT_STORE: process.env.RATE_LIMIT_STORE }),
    });
    const signUp = await fetch(`${api.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.base },
      body: JSON.stringify({
        email: 'bench@example.com',
        password: 'correct horse battery staple',
        firstName: 'Bench',
        lastName: 'User',
      }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
    const userId = ((await signUp.json()) as { id: number }).id;
    await db.connect();
    const siteKey = 'benchSiteKey1';
    await db.query(`INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, 'Bench shop', $2, $3)`, [
      userId,
      `${SITE}/`,
      siteKey,
    ]);

    const warm = await burst(api.base, db, siteKey, WARM_UP_EVENTS, 0);
    if (warm.accepted !== WARM_UP_EVENTS)
      failures.push(`warm-up: ${JSON.stringify(warm.statuses)}, ${warm.errors} errors`);
    const bursts: Burst[] = [];
    const baselines: Burst[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      // Baseline, same app and request shape: an unknown siteKey is parsed, validated and dropped (no hash, no write).
      const baseline = await burst(api.base, db, 'unknownSiteKey', EVENTS, r + 10, false);
      baselines.push(baseline);
      if (baseline.accepted !== EVENTS) failures.push(`baseline round ${r}: ${JSON.stringify(baseline.statuses)}`);
      const figures = await burst(api.base, db, siteKey, EVENTS, r);
      bursts.push(figures);
      console.log(
        `round ${r}: baseline ${Math.round(baseline.eventsPerSecond)} events/s, p50 ${baseline.p50.toFixed(1)} ms; collector ${Math.round(figures.eventsPerSecond)} events/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, all stored ${Math.round(figures.storedAfterMs)} ms after the last 202; ${JSON.stringify(figures.statuses)}`,
      );
      if (figures.accepted !== EVENTS || figures.errors)
        failures.push(
          `round ${r}: ${EVENTS - figures.accepted} events not accepted (${JSON.stringify(figures.statuses)}), ${figures.errors} connection errors`,
        );
    }
    // Every accepted event stored, and each visitor's 10 pages one session (10 page views).
    const totalAccepted = warm.accepted + bursts.reduce((n, b) => n + b.accepted, 0);
    const stored = await pageviews(db);
    if (stored !== totalAccepted) failures.push(`${totalAccepted} events accepted, ${stored} stored`);
    const sessions = (
      await db.query<{ sessions: number; views: number; wrong: number }>(
        `SELECT count(*)::int AS sessions, sum("pageViews")::int AS views, count(*) FILTER (WHERE "pageViews" <> $1)::int AS wrong FROM website_sessions`,
        [EVENTS / VISITORS],
      )
    ).rows[0];
    const expectedSessions = VISITORS * ROUNDS + Math.min(VISITORS, WARM_UP_EVENTS);
    if (sessions.sessions !== expectedSessions || sessions.views !== totalAccepted)
      failures.push(
        `sessions: ${JSON.stringify(sessions)}, expected ${expectedSessions} sessions holding ${totalAccepted} page views`,
      );
    console.log(`${totalAccepted} accepted, ${stored} stored, ${sessions.sessions} sessions`);

    const group = `Collector: POST /api/collect, bursts of ${EVENTS} events, ${CONCURRENCY} in flight`;
    const rows: BenchRow[] = [
      {
        group,
        metric: 'events/s (accepted)',
        unit: 'events/s',
        ...spread(bursts.map((b) => b.eventsPerSecond)),
        baseline: spread(baselines.map((b) => b.eventsPerSecond)).median,
        ratio: pairedRatio(
          bursts.map((b) => b.eventsPerSecond),
          baselines.map((b) => b.eventsPerSecond),
        ),
        note: 'Baseline: the same requests with an unknown siteKey, in alternating rounds: the app (helmet, session middleware, body parsing, validation) without the hash, the session fold and the write.',
      },
      {
        group,
        metric: 'p50',
        unit: 'ms',
        ...spread(bursts.map((b) => b.p50)),
        baseline: spread(baselines.map((b) => b.p50)).median,
      },
      {
        group,
        metric: 'p99',
        unit: 'ms',
        ...spread(bursts.map((b) => b.p99)),
        baseline: spread(baselines.map((b) => b.p99)).median,
        budget: 1000,
      },
      {
        group,
        metric: 'all stored, after the last 202',
        unit: 'ms',
        ...spread(bursts.map((b) => b.storedAfterMs)),
        note: 'Events are buffered and written in batches (every 200 ms, or at once when 1000 wait), one transaction per batch.',
      },
    ];
    const result: BenchResult = {
      name: 'collect',
      date: new Date().toISOString(),
      rows,
      failures: [...failures, ...budgetFailures(rows)],
      notes: [
        `${ROUNDS} bursts of ${EVENTS} page views (after a ${WARM_UP_EVENTS}-event warm-up) from ${VISITORS} visitors each (own X-Forwarded-For address, ${EVENTS / VISITORS} pages apiece), ${CONCURRENCY} requests in flight, fetch over loopback; the API in production mode in a child process with the default rate limits; ${os.cpus().length} CPUs shared with Postgres and the load generator.`,
        `Checked: every answer 202, every accepted event stored (${stored} of ${totalAccepted}), one session of ${EVENTS / VISITORS} page views per visitor (${sessions.sessions} sessions).`,
      ],
    };
    const out = await writeResult(result);
    for (const row of rows)
      console.log(
        `${row.metric.padEnd(34)} min ${round(row.min!)}  median ${round(row.median)}  max ${round(row.max!)} ${row.unit}${row.baseline !== undefined ? `  baseline ${round(row.baseline)}` : ''}${row.ratio !== undefined ? `  ratio ${row.ratio}` : ''}`,
      );
    for (const failure of result.failures) console.log(`FAIL ${failure}`);
    console.log(
      `\nWrote ${path.relative(process.cwd(), out)} in ${Math.round((performance.now() - started) / 1000)} s (median of ${ROUNDS}: ${Math.round(median(bursts.map((b) => b.eventsPerSecond)))} events/s)`,
    );
    if (result.failures.length) process.exitCode = 1;
  } finally {
    await api?.stop();
    await db.end().catch(() => {});
    await pgServer.stop();
    await build.remove();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
