/**
 * Analytics at volume (issue 28): events written where no month partition exists land in the
 * DEFAULT partition and move into their month's partition when the maintenance makes it; the
 * maintenance rolls up the days that ended, and the Analytics tab answers the same from the roll-ups
 * as from the raw events (list, chart, breakdown, goals, campaign visits); a timezone change rebuilds
 * them; raw events past ANALYTICS_RETENTION_DAYS go by whole partitions, once rolled up, while the
 * roll-ups keep their days.
 */
import type { AnalyticsBreakdown, Website, WebsiteAnalyticsDay } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../../test/factories';
import { DashboardClock } from '../../dashboard/dashboard-clock';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WebsiteMetrics } from '../website-metrics';
import { AnalyticsClock } from './analytics-clock';
import { EVENT_PARTITION_SCHEMA } from './event-partitions';
import { WebsiteCollectorService } from './website-collector.service';
import { WebsiteRollupsService } from './website-rollups.service';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const RETENTION_DAYS = 40;

let t: TestApp;
let db: DataSource;
let collector: WebsiteCollectorService;
let metrics: WebsiteMetrics;
let rollups: WebsiteRollupsService;
let owner: { agent: Agent; id: number };
let site: Website;
let now = new Date('2031-03-10T12:00:00Z');

function collect(body: Record<string, unknown>, ip: string) {
  return request(t.http)
    .post('/api/collect')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', CHROME)
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .send(JSON.stringify({ siteKey: site.siteKey, ...body }))
    .expect(202);
}

/** Everything the Analytics tab shows for the site, the campaign visits the posts show, and the dashboard's website part. */
async function figures() {
  const list = (await owner.agent.get('/api/websites').expect(200)).body as Website[];
  const chart = (await owner.agent.get(`/api/websites/${site.id}/analytics?days=90`).expect(200))
    .body as WebsiteAnalyticsDay[];
  const month = (await owner.agent.get(`/api/websites/${site.id}/analytics/breakdown?period=30d`).expect(200))
    .body as AnalyticsBreakdown;
  const week = (await owner.agent.get(`/api/websites/${site.id}/analytics/breakdown?period=7d`).expect(200))
    .body as AnalyticsBreakdown;
  const campaigns = await metrics.campaignVisits(owner.id, [
    { campaign: 'spring' },
    { campaign: 'spring', source: 'newsletter' },
  ]);
  const dashboard = (await owner.agent.get('/api/dashboard').expect(200)).body as {
    modules: { website: unknown };
  };
  return {
    analytics: list.find((s) => s.id === site.id)?.analytics,
    chart,
    month,
    week,
    campaigns,
    dashboard: dashboard.modules.website,
  };
}

const rowsIn = async (table: string) =>
  (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table} WHERE "websiteId" = $1`, [site.id]))[0].n;
const partitionsOf = async (table: string) =>
  (
    await db.query<{ name: string }[]>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass ORDER BY 1`,
      [table],
    )
  ).map((row) => row.name);

beforeAll(async () => {
  t = await createTestApp({
    env: {
      TRUST_PROXY: 'true',
      WEBSITE_UPTIME_INTERVAL_MINUTES: '0',
      ANALYTICS_RETENTION_DAYS: String(RETENTION_DAYS),
    },
  });
  db = t.app.get<DataSource>(getDataSourceToken());
  collector = t.app.get(WebsiteCollectorService);
  metrics = t.app.get(WebsiteMetrics);
  rollups = t.app.get(WebsiteRollupsService);
  jest.spyOn(t.app.get(AnalyticsClock), 'now').mockImplementation(() => now);
  jest.spyOn(t.app.get(DashboardClock), 'now').mockImplementation(() => now);
  const signed = await signUp(request.agent(t.http));
  owner = { agent: signed.agent, id: signed.user.id };
  site = (await owner.agent.post('/api/websites').send({ url: 'https://shop.example/', name: 'Shop' }).expect(201))
    .body as Website;
  await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'page', match: '/blog/*' }).expect(201);
  await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'event', match: 'signup' }).expect(201);

  // Five days of visits (2031-03-06 to 2031-03-10, UTC), a few visitors a day, some late in the evening.
  for (let day = 6; day <= 10; day++) {
    for (const [hour, visitor] of [
      [8, 1],
      [13, 2],
      [22, 3],
      [23, day],
    ]) {
      now = new Date(`2031-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${10 + visitor}:00Z`);
      const ip = `203.0.113.${visitor}`;
      if (visitor === 1) await collect({ url: 'https://shop.example/?utm_source=newsletter&utm_campaign=spring' }, ip);
      else if (visitor === 2)
        await collect({ url: 'https://shop.example/blog/a', referrer: 'https://news.example/x' }, ip);
      else await collect({ url: `https://shop.example/p/${day}` }, ip);
      now = new Date(now.getTime() + 60_000);
      await collect({ url: 'https://shop.example/blog/b' }, ip);
      if (visitor === 2) await collect({ type: 'event', url: 'https://shop.example/blog/b', name: 'signup' }, ip);
      await collector.flush();
    }
  }
  now = new Date('2031-03-10T23:50:00Z');
});
afterAll(() => t?.close());

describe('the monthly partitions', () => {
  it('take events of a month without a partition in the DEFAULT one, and move them into the month partition when it is made', async () => {
    expect(await rowsIn(`"${EVENT_PARTITION_SCHEMA}".website_pageviews_default`)).toBe(40);
    expect(await rowsIn(`"${EVENT_PARTITION_SCHEMA}".website_custom_events_default`)).toBe(5);
    expect(await rollups.ensurePartitions()).toBe(6);
    expect(await partitionsOf('website_pageviews')).toEqual(
      expect.arrayContaining([
        'website_pageviews_2031_03',
        'website_pageviews_2031_04',
        'website_pageviews_2031_05',
        'website_pageviews_default',
      ]),
    );
    expect(await rowsIn(`"${EVENT_PARTITION_SCHEMA}".website_pageviews_default`)).toBe(0);
    expect(await rowsIn(`"${EVENT_PARTITION_SCHEMA}".website_pageviews_2031_03`)).toBe(40);
    expect(await rowsIn(`"${EVENT_PARTITION_SCHEMA}".website_custom_events_2031_03`)).toBe(5);
    expect(await rollups.ensurePartitions()).toBe(0);
  });

  it('make a partition for any older month the DEFAULT partition holds rows of (a restore, a stopped job)', async () => {
    await db.query(
      `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname) VALUES ($1, 1, '2030-12-31T23:59:00Z', '/old')`,
      [site.id],
    );
    expect(await rowsIn(`"${EVENT_PARTITION_SCHEMA}".website_pageviews_default`)).toBe(1);
    expect(await rollups.ensurePartitions()).toBe(1);
    expect(await rowsIn(`"${EVENT_PARTITION_SCHEMA}".website_pageviews_2030_12`)).toBe(1);
    expect(await rowsIn(`"${EVENT_PARTITION_SCHEMA}".website_pageviews_default`)).toBe(0);
    await db.query(`DELETE FROM website_pageviews WHERE pathname = '/old'`);
  });
});

describe('the daily roll-ups', () => {
  let raw: Awaited<ReturnType<typeof figures>>;

  it('cover the days that ended more than two hours ago, and the tab shows the same figures from them', async () => {
    raw = await figures();
    expect(raw.analytics?.pageViews).toEqual({ today: 8, thisMonth: 40 });
    expect(raw.month.visitors).toBe(20);
    expect(raw.month.goals.map((goal) => goal.conversions)).toEqual([20, 5]);
    expect(raw.campaigns).toEqual([5, 5]);
    expect(raw.dashboard).toMatchObject({ views: 8, analytics: { visitors: 20, pageViews: 40 } });

    // 23:50 on the 10th: the 6th to the 9th ended more than two hours ago, the 10th has not.
    expect(await rollups.rollUp(site.id, 'UTC')).toBe(4);
    const [state] = await db.query(
      `SELECT timezone, to_char("rolledThrough", 'YYYY-MM-DD') AS through FROM website_rollup_state WHERE "websiteId" = $1`,
      [site.id],
    );
    expect(state).toEqual({ timezone: 'UTC', through: '2031-03-09' });
    const [stats] = await db.query(
      `SELECT "pageViews", visitors, sessions, bounces FROM website_daily_stats WHERE "websiteId" = $1 AND day = '2031-03-07'`,
      [site.id],
    );
    expect(stats).toEqual({ pageViews: 8, visitors: 4, sessions: 4, bounces: 0 });
    expect(await figures()).toEqual(raw);
  });

  it('are rebuilt in the new timezone after the owner changes it, from the days the raw events still hold', async () => {
    await owner.agent.patch('/api/profile').send({ timezone: 'Asia/Tokyo' }).expect(200);
    // Until the next run the tab reads the raw events, in the new zone's days; then the roll-ups, rebuilt.
    const before = await figures();
    expect(before).not.toEqual(raw);
    await rollups.rollUpAll();
    const [state] = await db.query(`SELECT timezone FROM website_rollup_state WHERE "websiteId" = $1`, [site.id]);
    expect(state).toEqual({ timezone: 'Asia/Tokyo' });
    expect(await figures()).toEqual(before);
    await owner.agent.patch('/api/profile').send({ timezone: 'UTC' }).expect(200);
    await rollups.rollUpAll();
    expect(await figures()).toEqual(raw);
  });

  it('are what the tab reads for those days (the raw rows of rolled-up days are not read again)', async () => {
    // Proof by removal: with the rolled-up days' raw events gone, the figures stay.
    await db.query(`DELETE FROM website_pageviews WHERE "websiteId" = $1 AND "occurredAt" < '2031-03-10'`, [site.id]);
    await db.query(`DELETE FROM website_sessions WHERE "websiteId" = $1 AND "startedAt" < '2031-03-10'`, [site.id]);
    await db.query(`DELETE FROM website_custom_events WHERE "websiteId" = $1 AND "occurredAt" < '2031-03-10'`, [
      site.id,
    ]);
    expect(await figures()).toEqual(raw);
  });

  it('roll up nothing twice: the next run starts after the last rolled-up day', async () => {
    expect(await rollups.rollUp(site.id, 'UTC')).toBe(0);
    now = new Date('2031-03-11T02:30:00Z');
    expect(await rollups.rollUp(site.id, 'UTC')).toBe(1);
    const [stats] = await db.query(
      `SELECT "pageViews", visitors FROM website_daily_stats WHERE "websiteId" = $1 AND day = '2031-03-10'`,
      [site.id],
    );
    expect(stats).toEqual({ pageViews: 8, visitors: 4 });
  });

  it('give a page goal added later its conversions on the rolled-up days the raw events still hold', async () => {
    const goal = (
      await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'page', match: '/p/*' }).expect(201)
    ).body as { id: number };
    const conversions = async () =>
      (
        (await owner.agent.get(`/api/websites/${site.id}/analytics/breakdown?period=7d`).expect(200))
          .body as AnalyticsBreakdown
      ).goals.find((g) => g.id === goal.id)?.conversions;
    // Two visitors a day saw a /p/ page: from the daily pages until the next run.
    expect(await conversions()).toBe(10);
    await rollups.rollUp(site.id, 'UTC');
    // The raw events of the 6th to the 9th were deleted above: only the 10th is filled in exactly.
    expect(
      await db.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, conversions FROM website_daily_goals WHERE "goalId" = $1`,
        [goal.id],
      ),
    ).toEqual([{ day: '2031-03-10', conversions: 2 }]);
    expect(await conversions()).toBe(10);
    await owner.agent.delete(`/api/websites/${site.id}/goals/${goal.id}`).expect(204);
  });
});

describe('the retention', () => {
  it('keeps a month partition a site has not rolled up past yet', async () => {
    now = new Date('2031-05-25T12:00:00Z');
    await db.query(`UPDATE website_rollup_state SET "rolledThrough" = '2031-03-09' WHERE "websiteId" = $1`, [site.id]);
    await rollups.applyRetention();
    // (The empty months the migration made, in the test run's real time, are long past: they go.)
    expect(await partitionsOf('website_pageviews')).toContain('website_pageviews_2031_03');
    expect(await partitionsOf('website_custom_events')).toContain('website_custom_events_2031_03');
  });

  it('drops whole month partitions past ANALYTICS_RETENTION_DAYS once rolled up; the roll-ups keep the history', async () => {
    const outcome = await rollups.maintain();
    // March of both tables (it ended more than 40 days before May 25th); April did not.
    expect(outcome.partitionsDropped).toBe(2);
    expect(await partitionsOf('website_pageviews')).not.toContain('website_pageviews_2031_03');
    expect(await partitionsOf('website_pageviews')).toContain('website_pageviews_2031_04');
    expect(await partitionsOf('website_custom_events')).not.toContain('website_custom_events_2031_03');
    expect(await rowsIn('website_pageviews')).toBe(0);
    expect(await rowsIn('website_sessions')).toBe(0);
    // June and July made ahead.
    expect(await partitionsOf('website_pageviews')).toContain('website_pageviews_2031_07');

    const chart = (await owner.agent.get(`/api/websites/${site.id}/analytics?days=90`).expect(200))
      .body as WebsiteAnalyticsDay[];
    expect(chart.filter((day) => day.pageViews > 0)).toEqual(
      ['06', '07', '08', '09', '10'].map((day) => ({ date: `2031-03-${day}`, visitors: 4, pageViews: 8 })),
    );
    expect(await metrics.campaignVisits(owner.id, [{ campaign: 'spring' }])).toEqual([5]);
  });

  it('writes nothing away when ANALYTICS_RETENTION_DAYS is 0', async () => {
    const other = await createTestApp({ env: { ANALYTICS_RETENTION_DAYS: '0', WEBSITE_UPTIME_INTERVAL_MINUTES: '0' } });
    try {
      expect(await other.app.get(WebsiteRollupsService).applyRetention()).toEqual({
        partitionsDropped: 0,
        rowsDeleted: 0,
      });
    } finally {
      await other.close();
    }
  });
});

describe('the intraday roll-up', () => {
  const partialThrough = async () =>
    (
      await db.query<{ at: Date | null }[]>(
        `SELECT "partialThrough" AS at FROM website_rollup_state WHERE "websiteId" = $1`,
        [site.id],
      )
    )[0].at;
  /** The figures without the intraday roll-up: every day after the last whole rolled-up one from the raw events. */
  async function rawFigures() {
    const at = await partialThrough();
    await db.query(`UPDATE website_rollup_state SET "partialThrough" = NULL WHERE "websiteId" = $1`, [site.id]);
    try {
      return await figures();
    } finally {
      await db.query(`UPDATE website_rollup_state SET "partialThrough" = $2 WHERE "websiteId" = $1`, [site.id, at]);
    }
  }
  async function visit(at: string, visitor: number, url: string, event?: string) {
    now = new Date(at);
    const ip = `198.51.100.${visitor}`;
    await collect({ url }, ip);
    if (event) await collect({ type: 'event', url, name: event }, ip);
    await collector.flush();
  }
  const SUMMER = 'https://shop.example/?utm_source=newsletter&utm_campaign=summer';

  it('counts the days after the last rolled-up one up to a minute ago, and the tab shows the same figures', async () => {
    // Rolled up through the 24th (the retention's run); the 25th is in its two hours of grace at 01:00 on the 26th.
    await visit('2031-05-25T09:00:00Z', 1, SUMMER);
    await visit('2031-05-25T21:30:00Z', 2, 'https://shop.example/blog/a', 'signup');
    await visit('2031-05-26T00:10:00Z', 1, 'https://shop.example/blog/a');
    await visit('2031-05-26T00:20:00Z', 3, SUMMER);
    now = new Date('2031-05-26T01:00:00Z');
    const raw = await rawFigures();
    expect(await rollups.rollUp(site.id, 'UTC')).toBe(0);
    expect(await rollups.rollUpPartial(site.id, 'UTC')).toEqual(new Date('2031-05-26T00:59:00Z'));
    expect(await partialThrough()).toEqual(new Date('2031-05-26T00:59:00Z'));
    expect(
      await db.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, "pageViews", visitors FROM website_daily_stats WHERE "websiteId" = $1 AND day > '2031-05-24' ORDER BY day`,
        [site.id],
      ),
    ).toEqual([
      { day: '2031-05-25', pageViews: 2, visitors: 2 },
      { day: '2031-05-26', pageViews: 2, visitors: 2 },
    ]);
    expect(await figures()).toEqual(raw);
  });

  it('adds the raw events after that instant, a visitor it counted that day counted once', async () => {
    // The same visitors again (same page, source, campaign, goal; a new session), and a new one.
    await visit('2031-05-26T01:05:00Z', 1, 'https://shop.example/blog/a');
    await visit('2031-05-26T01:06:00Z', 3, SUMMER);
    await visit('2031-05-26T01:07:00Z', 4, 'https://shop.example/blog/c', 'signup');
    now = new Date('2031-05-26T01:10:00Z');
    const shown = await figures();
    expect(shown).toEqual(await rawFigures());
    expect(shown.analytics?.visitors.today).toBe(3);
    expect(shown.week.visitors).toBe(5);
    expect(shown.week.sources).toContainEqual({ source: 'newsletter', visitors: 2 });
    expect(shown.week.campaigns).toEqual([{ campaign: 'summer', source: 'newsletter', medium: null, visitors: 2 }]);
    expect(shown.week.pages).toContainEqual({ path: '/blog/a', visitors: 2, views: 3 });
    expect(shown.week.goals.map((goal) => goal.conversions)).toEqual([3, 2]);
  });

  it('is made by the maintenance, after the ended days', async () => {
    now = new Date('2031-05-26T01:20:00Z');
    await rollups.rollUpAll();
    expect(await partialThrough()).toEqual(new Date('2031-05-26T01:19:00Z'));
    expect(await figures()).toEqual(await rawFigures());
  });

  it('is void once an event older than it is written, until the next run counts it', async () => {
    // Held by the collector while the database was down, say: written after the roll-up, from before it.
    await visit('2031-05-26T01:15:00Z', 5, 'https://shop.example/blog/a');
    expect(await partialThrough()).toBeNull();
    now = new Date('2031-05-26T01:30:00Z');
    const raw = await figures();
    expect(raw.week.pages).toContainEqual({ path: '/blog/a', visitors: 3, views: 4 });
    await rollups.rollUpAll();
    expect(await partialThrough()).toEqual(new Date('2031-05-26T01:29:00Z'));
    expect(await figures()).toEqual(raw);
    // A write younger than it leaves it.
    await visit('2031-05-26T01:31:00Z', 5, 'https://shop.example/blog/b');
    expect(await partialThrough()).toEqual(new Date('2031-05-26T01:29:00Z'));
  });

  it('is void once a page goal is added, until the next run counts its conversions', async () => {
    const goal = (
      await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'page', match: '/blog/a' }).expect(201)
    ).body as { id: number };
    expect(await partialThrough()).toBeNull();
    now = new Date('2031-05-26T01:40:00Z');
    const raw = await figures();
    expect(raw.week.goals.find((g) => g.id === goal.id)?.conversions).toBe(3);
    await rollups.rollUpAll();
    expect(await partialThrough()).toEqual(new Date('2031-05-26T01:39:00Z'));
    expect(await figures()).toEqual(raw);
    await owner.agent.delete(`/api/websites/${site.id}/goals/${goal.id}`).expect(204);
  });

  it('is what the tab reads before its instant (the raw rows before it are not read again)', async () => {
    now = new Date('2031-05-26T01:50:00Z');
    const shown = await figures();
    // Proof by removal: with the raw events before the instant gone, the figures stay.
    const at = await partialThrough();
    await db.query(`DELETE FROM website_pageviews WHERE "websiteId" = $1 AND "occurredAt" < $2`, [site.id, at]);
    await db.query(`DELETE FROM website_sessions WHERE "websiteId" = $1 AND "startedAt" < $2`, [site.id, at]);
    await db.query(`DELETE FROM website_custom_events WHERE "websiteId" = $1 AND "occurredAt" < $2`, [site.id, at]);
    const after = await figures();
    expect({ ...after, analytics: shown.analytics }).toEqual(shown);
    // Except the day's bounce rate and session length: a session goes on after it started, so they
    // are read from the raw sessions until the day is rolled up whole.
    expect(after.analytics).toEqual({ ...shown.analytics, bounceRate: 0, avgSessionDuration: 0 });
  });
});
