/**
 * The Analytics tab at volume (issue 28): npm run bench -- analytics.
 *
 * An embedded Postgres and the real API app (production mode, in process, over loopback HTTP); one
 * user (timezone Europe/Paris) with one website that holds PAGE_VIEWS page views over the last DAYS
 * days, seeded in SQL (generate_series, one statement a day), with their sessions (one a visitor a
 * day), custom events and three goals. Then each request the Analytics tab makes is timed
 * (SAMPLES sequential requests after WARM_UP): first with the raw events only (before any roll-up),
 * then after the maintenance rolled up every ended day (the steady state). Also timed: the first
 * roll-up of all DAYS days, one more day's roll-up (what the job does each night), and GET /api/dashboard
 * (its website part reads the raw page views of the last 14 days or the month). Then with the
 * intraday roll-up, at its worst: the clock (AnalyticsClock, DashboardClock) at 23:59 local, with
 * today (seeded whole) rolled up by a run ROLLUP_INTERVAL_MINUTES before, so the raw events after its
 * instant are ROLLUP_INTERVAL_MINUTES + 1 minutes' worth; the answers are compared with those at the
 * same clock without it (today from the raw events).
 * Budget: each Analytics-tab request under 200 ms (median) with the intraday roll-up.
 * Writes bench/results/analytics.json. Not in the default `npm run bench` (seeding takes minutes).
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AnalyticsBreakdown, Website, WebsiteAnalyticsDay } from '@aide/contracts';
import { DataSource } from 'typeorm';
import { createApp } from '../apps/api/src/app.setup';
import { parseEnv } from '../apps/api/src/config/env.schema';
import { DashboardClock } from '../apps/api/src/dashboard/dashboard-clock';
import { startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { AnalyticsClock } from '../apps/api/src/websites/analytics/analytics-clock';
import {
  ensureMonthPartition,
  PARTITIONED_EVENT_TABLES,
  partitionOf,
} from '../apps/api/src/websites/analytics/event-partitions';
import { addDays, WebsiteRollupsService } from '../apps/api/src/websites/analytics/website-rollups.service';
import { type BenchRow, budgetFailures, RESULTS_DIR, spread, writeResult } from './lib/report';

const PAGE_VIEWS = Number(process.env.BENCH_ANALYTICS_PAGE_VIEWS ?? 10_000_000);
const DAYS = 90;
/** Page views per visitor a day (so visitors a day = views a day / 3). */
const VIEWS_PER_VISITOR = 3;
/** Distinct paths: a few popular ones and a long tail. */
const PATHS = 2_000;
const EVENTS_PER_DAY = 1_000;
const WARM_UP = 5;
const SAMPLES = 30;
const RAW_SAMPLES = 3;
const BUDGET_MS = 200;
const TIMEZONE = 'Europe/Paris';
/** The maintenance's default interval (ANALYTICS_ROLLUP_INTERVAL_MINUTES): how old the intraday roll-up gets. */
const ROLLUP_INTERVAL_MINUTES = 10;

async function register(base: string, email: string, existing: boolean): Promise<{ cookie: string; id: number }> {
  const response = await fetch(`${base}/api/auth/${existing ? 'login' : 'register'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple', firstName: 'Bench', lastName: 'User' }),
  });
  if (response.status !== (existing ? 200 : 201))
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: ((await response.json()) as { id: number }).id };
}

/** One UTC day's page views, sessions and custom events for the site, in three statements. */
async function seedDay(db: DataSource, websiteId: number, dayStart: Date, views: number): Promise<void> {
  const visitors = Math.max(1, Math.floor(views / VIEWS_PER_VISITOR));
  const day = Math.floor(dayStart.getTime() / 86_400_000);
  // Visitor v of the day views pages at i = v, v + visitors, v + 2·visitors…; their hash is unique per day.
  await db.query(
    `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname, "referrerHost", "utmSource", "utmMedium", "utmCampaign")
     SELECT $1, $3::bigint * 10000000 + (i % $5), $2::timestamptz + (i * 86400.0 / $4) * interval '1 second',
            CASE WHEN i % 5 = 0 THEN '/' ELSE '/blog/post-' || floor(power(((i * 7919) % 10007) / 10007.0, 3) * $6)::int END,
            CASE i % 7 WHEN 0 THEN 'google.com' WHEN 1 THEN 'news.example' WHEN 2 THEN 'linkedin.com' ELSE NULL END,
            CASE WHEN i % 20 = 0 THEN 'newsletter' END, CASE WHEN i % 20 = 0 THEN 'email' END, CASE WHEN i % 20 = 0 THEN 'autumn-sale' END
       FROM generate_series(0, $4 - 1) AS i`,
    [websiteId, dayStart, day, views, visitors, PATHS],
  );
  await db.query(
    `INSERT INTO website_sessions ("websiteId", "visitorHash", "startedAt", "lastSeenAt", "pageViews", "engagedMs", "entryPath", "referrerHost", "utmSource", "utmMedium", "utmCampaign")
     SELECT $1, $3::bigint * 10000000 + v, $2::timestamptz + (v * 86400.0 / $4) * interval '1 second',
            $2::timestamptz + (v * 86400.0 / $4) * interval '1 second' + (v % 300) * interval '1 second',
            CASE WHEN v % 3 = 0 THEN 1 ELSE $5 END, (v % 120) * 1000, '/',
            CASE v % 7 WHEN 0 THEN 'google.com' WHEN 1 THEN 'news.example' WHEN 2 THEN 'linkedin.com' ELSE NULL END,
            CASE WHEN v % 20 = 0 THEN 'newsletter' END, CASE WHEN v % 20 = 0 THEN 'email' END, CASE WHEN v % 20 = 0 THEN 'autumn-sale' END
       FROM generate_series(0, $4 - 1) AS v`,
    [websiteId, dayStart, day, visitors, VIEWS_PER_VISITOR],
  );
  await db.query(
    `INSERT INTO website_custom_events ("websiteId", "visitorHash", "occurredAt", name, pathname)
     SELECT $1, $3::bigint * 10000000 + (e * 37) % $5, $2::timestamptz + (e * 86400.0 / $4) * interval '1 second',
            CASE WHEN e % 4 = 0 THEN 'signup' ELSE 'download' END, '/blog/post-1'
       FROM generate_series(0, $4 - 1) AS e`,
    [websiteId, dayStart, day, EVENTS_PER_DAY, visitors],
  );
}

/** With --explain: EXPLAIN ANALYZE of every SQL statement the Analytics tab's requests run. */
async function explain(db: DataSource, run: () => Promise<unknown>): Promise<void> {
  const captured: [string, unknown[] | undefined][] = [];
  const original = db.query.bind(db);
  db.query = (async (sql: string, params?: unknown[]) => {
    captured.push([sql, params]);
    return original(sql, params);
  }) as typeof db.query;
  try {
    await run();
  } finally {
    db.query = original;
  }
  for (const [sql, params] of captured) {
    if (!/^\s*(WITH|SELECT)/i.test(sql)) continue;
    const plan: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(
      `\n${sql.replace(/\s+/g, ' ').slice(0, 160)}…\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`,
    );
  }
}

async function time(get: () => Promise<unknown>, warmUp: number, samples: number): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await get();
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  // BENCH_ANALYTICS_KEEP_DIR: the cluster lives there and is kept; a second run reuses its seed
  // (and skips the raw-events phase and the first roll-up, already measured), to study the plans.
  const keep = process.env.BENCH_ANALYTICS_KEEP_DIR;
  const root = keep ?? (await mkdtemp(path.join(os.tmpdir(), 'aide-bench-analytics-')));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    password: keep ? 'bench-analytics' : randomBytes(16).toString('hex'),
    database: 'aide',
  });
  const env = parseEnv({
    NODE_ENV: 'production',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: root,
    DATABASE_URL: pg.url,
    WEBSITE_UPTIME_INTERVAL_MINUTES: '0',
    // The bench runs the maintenance itself, when it wants it timed.
    ANALYTICS_ROLLUP_INTERVAL_MINUTES: '0',
    ANALYTICS_RETENTION_DAYS: '0',
  });
  const app = await createApp(env, { logger: ['error', 'warn'] });
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const failures: string[] = [];
  try {
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const db = app.get(DataSource);
    const rollups = app.get(WebsiteRollupsService);

    const [{ n: sitesBefore }] = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM websites`);
    const reuse = sitesBefore > 0;
    const user = await register(base, 'bench@example.com', reuse);
    const headers = { cookie: user.cookie, 'content-type': 'application/json' };
    let site: Website;
    const perDay = Math.floor(PAGE_VIEWS / DAYS);
    let seedMs = 0;
    if (reuse) {
      site = ((await (await fetch(`${base}/api/websites`, { headers })).json()) as Website[])[0];
    } else {
      await fetch(`${base}/api/profile`, { method: 'PATCH', headers, body: JSON.stringify({ timezone: TIMEZONE }) });
      site = (await (
        await fetch(`${base}/api/websites`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ url: 'https://bench-shop.example/', name: 'Bench shop' }),
        })
      ).json()) as Website;
      for (const goal of [
        { kind: 'page', match: '/' },
        { kind: 'page', match: '/blog/*' },
        { kind: 'event', match: 'signup' },
      ])
        await fetch(`${base}/api/websites/${site.id}/goals`, { method: 'POST', headers, body: JSON.stringify(goal) });

      // The months the seed spans get their partitions first, as they would have had when the events arrived.
      const now = new Date();
      for (const table of PARTITIONED_EVENT_TABLES)
        for (let offset = -Math.ceil(DAYS / 28); offset <= 0; offset++)
          await ensureMonthPartition(db, table, partitionOf(table, now, offset));

      // DAYS days ending with today; today gets the share of the day that has passed.
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const seeding = performance.now();
      let seeded = 0;
      for (let back = DAYS - 1; back >= 0; back--) {
        const dayStart = new Date(today.getTime() - back * 86_400_000);
        const views = back === 0 ? PAGE_VIEWS - seeded : perDay;
        await seedDay(db, site.id, dayStart, views);
        seeded += views;
        if (back % 10 === 0) console.log(`  seeded ${seeded.toLocaleString('en')} page views`);
      }
      await db.query('VACUUM ANALYZE');
      seedMs = performance.now() - seeding;
    }
    const [counts] = await db.query<{ views: number; sessions: number; events: number }[]>(
      `SELECT (SELECT count(*) FROM website_pageviews)::int AS views, (SELECT count(*) FROM website_sessions)::int AS sessions,
              (SELECT count(*) FROM website_custom_events)::int AS events`,
    );
    console.log(
      `Seeded ${counts.views} page views, ${counts.sessions} sessions, ${counts.events} custom events in ${Math.round(seedMs / 1000)} s`,
    );
    if (counts.views !== PAGE_VIEWS) failures.push(`seeded ${counts.views} page views, not ${PAGE_VIEWS}`);

    const getJson = async <T>(url: string): Promise<T> => {
      const response = await fetch(`${base}${url}`, { headers: { cookie: user.cookie } });
      const body = (await response.json()) as T;
      if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${JSON.stringify(body)}`);
      return body;
    };
    const requests: { metric: string; url: string }[] = [
      { metric: 'GET /api/websites (the list: today, this month, bounce rate, session length)', url: '/api/websites' },
      {
        metric: 'GET /api/websites/:id/analytics?days=30 (the chart)',
        url: `/api/websites/${site.id}/analytics?days=30`,
      },
      { metric: 'GET /api/websites/:id/analytics?days=90', url: `/api/websites/${site.id}/analytics?days=90` },
      {
        metric: 'GET /api/websites/:id/analytics/breakdown?period=7d (sources, pages, campaigns, goals)',
        url: `/api/websites/${site.id}/analytics/breakdown?period=7d`,
      },
      {
        metric: 'GET /api/websites/:id/analytics/breakdown?period=30d',
        url: `/api/websites/${site.id}/analytics/breakdown?period=30d`,
      },
    ];
    const answers = async () =>
      Promise.all(requests.map(({ url }) => getJson<unknown>(url))) as Promise<
        [Website[], WebsiteAnalyticsDay[], WebsiteAnalyticsDay[], AnalyticsBreakdown, AnalyticsBreakdown]
      >;

    // 1. Raw events only (no roll-up yet): what every query cost before issue 28.
    // --skip-raw: not this phase (it takes about ten minutes at 10 million page views).
    const skipRaw = reuse || process.argv.includes('--skip-raw');
    const rawAnswers = skipRaw ? undefined : await answers();
    if (!reuse) {
      for (const { metric, url } of skipRaw ? [] : requests) {
        const times = await time(() => getJson(url), 0, RAW_SAMPLES);
        rows.push({
          group: 'Analytics tab, raw events only (before any roll-up)',
          metric,
          unit: 'ms',
          ...spread(times),
        });
        console.log(`raw     ${metric}: median ${spread(times).median} ms`);
      }

      // 2. The roll-ups: the first run over every ended day, then one more day as each night.
      let started = performance.now();
      const outcome = await rollups.maintain();
      const firstRollupMs = performance.now() - started;
      const [{ through }] = await db.query<{ through: string }[]>(
        `SELECT to_char("rolledThrough", 'YYYY-MM-DD') AS through FROM website_rollup_state WHERE "websiteId" = $1`,
        [site.id],
      );
      await db.query(`UPDATE website_rollup_state SET "rolledThrough" = $2 WHERE "websiteId" = $1`, [
        site.id,
        addDays(through, -1),
      ]);
      started = performance.now();
      await rollups.rollUp(site.id, TIMEZONE);
      const oneDayMs = performance.now() - started;
      await db.query('VACUUM ANALYZE');
      const [rollupRows] = await db.query<{ stats: number; pages: number; sources: number; campaigns: number }[]>(
        `SELECT (SELECT count(*) FROM website_daily_stats)::int AS stats, (SELECT count(*) FROM website_daily_pages)::int AS pages,
                (SELECT count(*) FROM website_daily_sources)::int AS sources, (SELECT count(*) FROM website_daily_campaigns)::int AS campaigns`,
      );
      rows.push(
        {
          group: 'Roll-ups',
          metric: `first roll-up (${outcome.daysRolledUp} days, ${TIMEZONE})`,
          unit: 'ms',
          median: Math.round(firstRollupMs),
        },
        { group: 'Roll-ups', metric: 'one more day (the nightly run)', unit: 'ms', median: Math.round(oneDayMs) },
        { group: 'Roll-ups', metric: 'website_daily_pages rows', unit: 'count', median: rollupRows.pages },
      );
      console.log(
        `Roll-up of ${outcome.daysRolledUp} days: ${Math.round(firstRollupMs)} ms; one day: ${Math.round(oneDayMs)} ms; rows ${JSON.stringify(rollupRows)}`,
      );
    } else {
      await rollups.maintain();
      notes.push(
        'A second run on the kept cluster (BENCH_ANALYTICS_KEEP_DIR): the seed, the raw-events phase and the first roll-up are from the first run.',
      );
    }

    // 3. Whole days from the roll-ups, today (and yesterday until rolled up) raw: without the intraday roll-up.
    const voidPartial = () =>
      db.query(`UPDATE website_rollup_state SET "partialThrough" = NULL WHERE "websiteId" = $1`, [site.id]);
    await voidPartial();
    const rolledAnswers = await answers();
    if (rawAnswers && JSON.stringify(rolledAnswers) !== JSON.stringify(rawAnswers)) {
      failures.push('the Analytics tab answered differently from the roll-ups than from the raw events');
      await writeFile(
        path.join(RESULTS_DIR, 'analytics-answers.json'),
        JSON.stringify({ rawAnswers, rolledAnswers }, null, 1),
      );
    }
    for (const { metric, url } of requests) {
      const times = await time(() => getJson(url), WARM_UP, SAMPLES);
      rows.push({
        group: 'Analytics tab, with the daily roll-ups only (today from the raw events)',
        metric,
        unit: 'ms',
        ...spread(times),
      });
      console.log(`rolled  ${metric}: median ${spread(times).median} ms (max ${spread(times).max})`);
    }
    const dashboard = await time(() => getJson('/api/dashboard'), 1, RAW_SAMPLES);
    rows.push({
      group: 'Other readers of the page views',
      metric: 'GET /api/dashboard (its website part from the roll-ups, today raw)',
      unit: 'ms',
      ...spread(dashboard),
    });
    console.log(`GET /api/dashboard: median ${spread(dashboard).median} ms`);

    // 4. The intraday roll-up, at its worst: 23:59 local, its last run ROLLUP_INTERVAL_MINUTES before.
    const [{ end }] = await db.query<{ end: Date }[]>(
      `SELECT ((now() AT TIME ZONE $1::text)::date + 1)::timestamp AT TIME ZONE $1::text AS "end"`,
      [TIMEZONE],
    );
    const readAt = new Date(end.getTime() - 60_000);
    const clocks = [app.get(AnalyticsClock, { strict: false }), app.get(DashboardClock, { strict: false })];
    const setNow = (at: Date) => {
      for (const clock of clocks) clock.now = () => at;
    };
    setNow(new Date(readAt.getTime() - ROLLUP_INTERVAL_MINUTES * 60_000));
    let partialAt = performance.now();
    const until = await rollups.rollUpPartial(site.id, TIMEZONE);
    const partialMs = performance.now() - partialAt;
    if (!until) failures.push('the intraday roll-up counted nothing');
    await db.query('ANALYZE');
    setNow(readAt);
    const withDashboard = async () => [await answers(), await getJson<unknown>('/api/dashboard')];
    const intradayAnswers = await withDashboard();
    await voidPartial();
    partialAt = performance.now();
    const rawTodayAnswers = await withDashboard();
    const rawTodayMs = performance.now() - partialAt;
    await db.query(`UPDATE website_rollup_state SET "partialThrough" = $2 WHERE "websiteId" = $1`, [site.id, until]);
    if (JSON.stringify(intradayAnswers) !== JSON.stringify(rawTodayAnswers)) {
      failures.push('the Analytics tab answered differently with the intraday roll-up than from the raw events');
      await writeFile(
        path.join(RESULTS_DIR, 'analytics-intraday-answers.json'),
        JSON.stringify({ intradayAnswers, rawTodayAnswers }, null, 1),
      );
    }
    const [tail] = await db.query<{ views: number; sessions: number }[]>(
      `SELECT (SELECT count(*) FROM website_pageviews WHERE "websiteId" = $1 AND "occurredAt" >= $2 AND "occurredAt" < $3)::int AS views,
              (SELECT count(*) FROM website_sessions WHERE "websiteId" = $1 AND "startedAt" >= $2 AND "startedAt" < $3)::int AS sessions`,
      [site.id, until, end],
    );
    rows.push({
      group: 'Roll-ups',
      metric: `intraday roll-up of today up to 23:48 local (one run of the maintenance)`,
      unit: 'ms',
      median: Math.round(partialMs),
    });
    console.log(
      `Intraday roll-up through ${until?.toISOString()}: ${Math.round(partialMs)} ms; raw after it: ${tail.views} page views, ${tail.sessions} sessions; the tab without it at 23:59: ${Math.round(rawTodayMs)} ms for all six requests`,
    );
    for (const { metric, url } of [...requests, { metric: 'GET /api/dashboard', url: '/api/dashboard' }]) {
      const times = await time(() => getJson(url), WARM_UP, SAMPLES);
      rows.push({
        group: 'Analytics tab, with the intraday roll-up (23:59 local, its last run 10 minutes before)',
        metric,
        unit: 'ms',
        ...spread(times),
        budget: BUDGET_MS,
      });
      console.log(`intraday ${metric}: median ${spread(times).median} ms (max ${spread(times).max})`);
    }
    notes.push(
      `With the intraday roll-up the clock was put at ${readAt.toISOString()} (23:59 ${TIMEZONE}), its run at ${ROLLUP_INTERVAL_MINUTES} minutes before (counting up to ${until?.toISOString()}): the raw events read after it are ${tail.views} page views and ${tail.sessions} sessions; its answers (the five requests and the dashboard) were compared with those at the same clock without it: ${intradayAnswers && JSON.stringify(intradayAnswers) === JSON.stringify(rawTodayAnswers) ? 'identical' : 'DIFFERENT'}.`,
    );

    const [list] = rolledAnswers;
    notes.push(
      `${counts.views.toLocaleString('en')} page views over ${DAYS} days (${perDay.toLocaleString('en')} a day, ${Math.floor(perDay / VIEWS_PER_VISITOR).toLocaleString('en')} visitors a day, ${PATHS} paths), ${counts.sessions.toLocaleString('en')} sessions and ${counts.events.toLocaleString('en')} custom events for one website, seeded in SQL in ${Math.round(seedMs / 1000)} s; timezone ${TIMEZONE}; 3 goals.`,
      `Each request timed sequentially over loopback HTTP against the in-process API: ${SAMPLES} samples after ${WARM_UP} warm-up with the roll-ups, ${RAW_SAMPLES} before them (after one untimed request each). This month's page views on the list: ${list[0]?.analytics.pageViews.thisMonth.toLocaleString('en')}.`,
    );
    if (rawAnswers)
      notes.push('The answers from the roll-ups were compared with those from the raw events: identical.');
    if (process.argv.includes('--explain'))
      await explain(db, () => Promise.all([answers(), getJson('/api/dashboard')]));
    failures.push(...budgetFailures(rows));
  } finally {
    await app.close();
    await pg.stop();
    if (!keep) await rm(root, { recursive: true, force: true });
  }
  const file = await writeResult({ name: 'analytics', date: new Date().toISOString(), rows, failures, notes });
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  if (failures.length) {
    console.error(failures.map((f) => `✗ ${f}`).join('\n'));
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
