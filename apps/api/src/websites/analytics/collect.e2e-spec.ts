import { WEBSITE_ANALYTICS_LIMITS } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { DashboardClock } from '../../dashboard/dashboard-clock';
import { signUp, type Agent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WebsiteMetrics } from '../website-metrics';
import { AnalyticsClock } from './analytics-clock';
import { TOO_MANY_EVENTS } from './collect.controller';
import { WebsiteCollectorService } from './website-collector.service';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IP_LIMIT = 25;

let t: TestApp;
let db: DataSource;
let collector: WebsiteCollectorService;
let metrics: WebsiteMetrics;
let owner: Agent;
let userId: number;
let now: Date;
let nextIp = 1;

/** A new visitor address (TRUST_PROXY is on: X-Forwarded-For is the client). */
const freshIp = () => `198.51.100.${nextIp++}`;

async function addSite(url: string, siteKey: string, isActive = true): Promise<number> {
  const [row] = await db.query<{ id: number }[]>(
    `INSERT INTO websites ("userId", name, url, "siteKey", "isActive") VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [userId, `Site ${siteKey}`, url, siteKey, isActive],
  );
  return row.id;
}

function collect(
  body: unknown,
  {
    ip = '198.51.100.250',
    ua = CHROME,
    type = 'text/plain;charset=UTF-8',
    headers = {} as Record<string, string>,
  } = {},
) {
  let test = request(t.http)
    .post('/api/collect')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', ua)
    .set('Content-Type', type);
  for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
  return test.send(typeof body === 'string' ? body : JSON.stringify(body));
}

const pageviews = async (websiteId: number) =>
  (
    await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM website_pageviews WHERE "websiteId" = $1`, [
      websiteId,
    ])
  )[0].n;
const setNow = (iso: string | Date) => (now = new Date(iso));
const advance = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));

beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true', COLLECT_IP_RATE_LIMIT: String(IP_LIMIT), WEBSITE_UPTIME_INTERVAL_MINUTES: '0' },
  });
  db = t.app.get<DataSource>(getDataSourceToken());
  collector = t.app.get(WebsiteCollectorService);
  metrics = t.app.get(WebsiteMetrics);
  const signed = await signUp(request.agent(t.http));
  owner = signed.agent;
  userId = signed.user.id;
  setNow('2030-03-15T10:00:00Z');
  jest.spyOn(t.app.get(AnalyticsClock), 'now').mockImplementation(() => now);
  jest.spyOn(t.app.get(DashboardClock), 'now').mockImplementation(() => now);
});
afterAll(() => t.close());

describe('the tracking script', () => {
  it('is served publicly as cacheable JavaScript under 2 KB, loadable from other sites, without cookies', async () => {
    const response = await request(t.http).get('/api/collect/script.js').set('Accept-Encoding', 'identity').expect(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(Buffer.byteLength(response.text)).toBeLessThan(2048);
    expect(response.text).toContain('doNotTrack');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['set-cookie']).toBeUndefined();
    await request(t.http).get('/api/collect/script.js').set('If-None-Match', response.headers.etag).expect(304);
  });
});

describe('the collector', () => {
  let siteId: number;
  beforeAll(async () => {
    siteId = await addSite('https://www.shop.example/', 'shopKey1');
  });

  it('answers a CORS preflight from any origin, without credentials', async () => {
    const response = await request(t.http)
      .options('/api/collect')
      .set('Origin', 'https://shop.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(response.headers['access-control-allow-headers']).toMatch(/content-type/i);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('accepts a cross-origin page view (text/plain, as sendBeacon sends it) with 202, no cookie, and stores it', async () => {
    const response = await collect(
      {
        siteKey: 'shopKey1',
        url: 'https://shop.example/?utm=x&email=a@b.c#top',
        referrer: 'https://news.example/story',
      },
      { headers: { Origin: 'https://shop.example' } },
    );
    expect(response.status).toBe(202);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['set-cookie']).toBeUndefined();
    await collector.flush();
    const rows = await db.query(`SELECT pathname, "referrerHost" FROM website_pageviews WHERE "websiteId" = $1`, [
      siteId,
    ]);
    // The path only (no query string, no fragment) and the referrer's host only.
    expect(rows).toEqual([{ pathname: '/', referrerHost: 'news.example' }]);
  });

  it('accepts JSON too, and does not keep an internal referrer', async () => {
    await collect(
      { siteKey: 'shopKey1', url: 'https://www.shop.example/cart', referrer: 'https://shop.example/' },
      { type: 'application/json' },
    ).expect(202);
    await collector.flush();
    expect(
      await db.query(`SELECT "referrerHost" FROM website_pageviews WHERE "websiteId" = $1 AND pathname = '/cart'`, [
        siteId,
      ]),
    ).toEqual([{ referrerHost: null }]);
  });

  it('leaves the cross-site check in force for every other route', async () => {
    await owner.post('/api/tasks').set('Origin', 'https://shop.example').send({ title: 'x' }).expect(403);
  });

  it('records nothing when the browser sends DNT: 1 or Sec-GPC: 1', async () => {
    const before = await pageviews(siteId);
    await collect(
      { siteKey: 'shopKey1', url: 'https://shop.example/private' },
      { ip: freshIp(), headers: { DNT: '1' } },
    ).expect(202);
    await collect(
      { siteKey: 'shopKey1', url: 'https://shop.example/private' },
      { ip: freshIp(), headers: { 'Sec-GPC': '1' } },
    ).expect(202);
    await collector.flush();
    expect(await pageviews(siteId)).toBe(before);
  });

  it('drops pages on another host, unknown keys, inactive sites and bots (202 all the same)', async () => {
    const inactive = await addSite('https://closed.example', 'closedKey', false);
    const before = await pageviews(siteId);
    await collect({ siteKey: 'shopKey1', url: 'https://evil.example/' }, { ip: freshIp() }).expect(202);
    await collect({ siteKey: 'shopKey1', url: 'https://shop.example.evil.example/' }, { ip: freshIp() }).expect(202);
    await collect({ siteKey: 'noSuchKey', url: 'https://shop.example/' }, { ip: freshIp() }).expect(202);
    await collect({ siteKey: 'closedKey', url: 'https://closed.example/' }, { ip: freshIp() }).expect(202);
    await collect(
      { siteKey: 'shopKey1', url: 'https://shop.example/' },
      { ip: freshIp(), ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    ).expect(202);
    await collect(
      { siteKey: 'shopKey1', url: 'https://shop.example/' },
      { ip: freshIp(), ua: CHROME.replace('Chrome/', 'HeadlessChrome/') },
    ).expect(202);
    await collector.flush();
    expect(await pageviews(siteId)).toBe(before);
    expect(await pageviews(inactive)).toBe(0);
  });

  it("drops an event whose Origin is another site's, or 'null' (202 all the same), and takes the site's own with or without www.", async () => {
    const before = await pageviews(siteId);
    for (const origin of ['https://evil.example', 'https://shop.example.evil.example', 'null']) {
      const response = await collect(
        { siteKey: 'shopKey1', url: 'https://shop.example/forged' },
        { ip: freshIp(), headers: { Origin: origin } },
      );
      expect({ origin, status: response.status, body: response.text }).toEqual({ origin, status: 202, body: '' });
    }
    await collector.flush();
    expect(await pageviews(siteId)).toBe(before);
    await collect(
      { siteKey: 'shopKey1', url: 'https://shop.example/own' },
      { ip: freshIp(), headers: { Origin: 'https://www.shop.example' } },
    ).expect(202);
    await collect(
      { siteKey: 'shopKey1', url: 'https://shop.example/own' },
      { ip: freshIp(), headers: { Origin: 'https://SHOP.example:8443' } },
    ).expect(202);
    await collector.flush();
    expect(await pageviews(siteId)).toBe(before + 2);
  });

  it('bounds what it stores: the path cut to its limit, the referrer reduced to a normalised host, junk referrers not kept', async () => {
    const { storedPathMax } = WEBSITE_ANALYTICS_LIMITS;
    await collect(
      {
        siteKey: 'shopKey1',
        url: `https://shop.example/long/${'x'.repeat(1900)}?q=1`,
        referrer: 'https://User:pw@WWW.Blog.Example:8080/post/1?ref=mail',
      },
      { ip: freshIp() },
    ).expect(202);
    await collect(
      { siteKey: 'shopKey1', url: 'https://shop.example/junk-ref', referrer: `https://${'a'.repeat(70)}.example/` },
      { ip: freshIp() },
    ).expect(202);
    await collect(
      { siteKey: 'shopKey1', url: 'https://shop.example/app-ref', referrer: 'android-app://com.example.app/' },
      { ip: freshIp() },
    ).expect(202);
    await collector.flush();
    const [long] = await db.query(
      `SELECT pathname, "referrerHost" FROM website_pageviews WHERE "websiteId" = $1 AND pathname LIKE '/long/%'`,
      [siteId],
    );
    expect(long.pathname).toBe(`/long/${'x'.repeat(storedPathMax - 6)}`);
    expect(long.referrerHost).toBe('blog.example');
    const [session] = await db.query(
      `SELECT "entryPath", "referrerHost" FROM website_sessions WHERE "websiteId" = $1 AND "entryPath" LIKE '/long/%'`,
      [siteId],
    );
    expect(session).toEqual({ entryPath: long.pathname, referrerHost: 'blog.example' });
    expect(
      await db.query(
        `SELECT pathname, "referrerHost" FROM website_pageviews WHERE "websiteId" = $1 AND pathname IN ('/junk-ref', '/app-ref') ORDER BY pathname`,
        [siteId],
      ),
    ).toEqual([
      { pathname: '/app-ref', referrerHost: null },
      { pathname: '/junk-ref', referrerHost: null },
    ]);
    // Every stored string is within its limit, whatever was sent.
    const [widest] = await db.query(
      `SELECT max(length(pathname))::int AS path, max(length("referrerHost"))::int AS host FROM website_pageviews`,
    );
    expect(widest.path).toBeLessThanOrEqual(storedPathMax);
    expect(widest.host).toBeLessThanOrEqual(WEBSITE_ANALYTICS_LIMITS.storedReferrerHostMax);
  });

  it('answers 400 with a message to what is not an event', async () => {
    for (const body of [
      {},
      { siteKey: 'shopKey1' },
      { siteKey: 'shopKey1', url: 'javascript:alert(1)' },
      { siteKey: 'bad key!', url: 'https://shop.example/' },
      { siteKey: 'shopKey1', url: 'https://shop.example/', type: 'click' },
      [1, 2],
    ]) {
      const response = await collect(body, { ip: freshIp() });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(typeof response.body.message).toBe('string');
    }
    const malformed = await collect('{"siteKey":', { ip: freshIp() });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/Malformed JSON/);
    await collect('siteKey=shopKey1', { ip: freshIp(), type: 'application/x-www-form-urlencoded' }).expect(415);
  });

  it('limits the events of one IP address a minute (429 with Retry-After), not those of others', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < IP_LIMIT + 1; i++)
      statuses.push((await collect({ siteKey: 'shopKey1', url: `https://shop.example/burst/${i}` }, { ip })).status);
    expect(statuses.slice(0, IP_LIMIT).every((status) => status === 202)).toBe(true);
    const refused = await collect({ siteKey: 'shopKey1', url: 'https://shop.example/burst/x' }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_EVENTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await collect({ siteKey: 'shopKey1', url: 'https://shop.example/' }, { ip: freshIp() }).expect(202);
    await collector.flush();
  });
});

describe('visitors, sessions and the figures', () => {
  let siteId: number;
  const blogIp = '203.0.113.10';
  const otherIp = '203.0.113.20';
  const view = (path: string, ip: string, ua = CHROME) =>
    collect({ siteKey: 'blogKey1', url: `https://blog.example${path}` }, { ip, ua }).expect(202);

  beforeAll(async () => {
    siteId = await addSite('https://blog.example', 'blogKey1');
    setNow('2030-03-15T10:00:00Z');
  });

  it('counts visitors by IP and User-Agent, sessions by 30 minutes of inactivity, bounces and session length', async () => {
    // Visitor A: three pages in 2 minutes (one session, not a bounce).
    await view('/', blogIp);
    advance(1);
    await view('/a', blogIp);
    // Visitor B: same address, another browser; one page read for 45 s, then left.
    await view('/', blogIp, FIREFOX);
    advance(1);
    await view('/b', blogIp);
    await collect(
      { siteKey: 'blogKey1', url: 'https://blog.example/', type: 'engagement', engagedMs: 45_000 },
      { ip: blogIp, ua: FIREFOX },
    ).expect(202);
    // Visitor C: one page (a bounce of zero length).
    await view('/', otherIp);
    await collector.flush();
    // Visitor A again after 31 minutes: a new session, a single page.
    advance(31);
    await view('/later', blogIp);
    await collector.flush();

    const sessions = await db.query<{ pageViews: number; seconds: number; engagedMs: number }[]>(
      `SELECT "pageViews", extract(epoch FROM "lastSeenAt" - "startedAt")::int AS seconds, "engagedMs" FROM website_sessions WHERE "websiteId" = $1 ORDER BY "startedAt", id`,
      [siteId],
    );
    expect(sessions).toEqual([
      { pageViews: 3, seconds: 120, engagedMs: 0 },
      { pageViews: 1, seconds: 60, engagedMs: 45_000 },
      { pageViews: 1, seconds: 0, engagedMs: 0 },
      { pageViews: 1, seconds: 0, engagedMs: 0 },
    ]);

    const figures = (await metrics.traffic([siteId], 'UTC')).get(siteId);
    expect(figures).toEqual({
      visitors: { today: 3, thisMonth: 3 },
      pageViews: { today: 6, thisMonth: 6 },
      // 3 of 4 sessions had one page view.
      bounceRate: 75,
      // (120 + 60 + 0 + 0) / 4.
      avgSessionDuration: 45,
    });
  });

  it('stores no IP address and no User-Agent anywhere', async () => {
    const dump = await db.query<{ text: string }[]>(
      `SELECT string_agg(x::text, '|') AS text FROM (
         SELECT row_to_json(p)::text AS x FROM website_pageviews p UNION ALL SELECT row_to_json(s)::text FROM website_sessions s
         UNION ALL SELECT row_to_json(v)::text FROM website_visitor_salts v UNION ALL SELECT row_to_json(c)::text FROM website_uptime_checks c) rows`,
    );
    for (const secret of [blogIp, otherIp, '198.51.100.', 'Mozilla', 'Firefox', 'Chrome'])
      expect(dump[0].text).not.toContain(secret);
  });

  it('rotates the salt daily: the same visitor tomorrow is another hash; salts older than yesterday are deleted', async () => {
    const hashes = async () =>
      (
        await db.query<{ h: string }[]>(
          `SELECT DISTINCT "visitorHash" AS h FROM website_pageviews WHERE "websiteId" = $1`,
          [siteId],
        )
      ).map((r) => r.h);
    const before = await hashes();
    setNow('2030-03-16T12:00:00Z');
    await view('/tomorrow', otherIp);
    await collector.flush();
    const after = await hashes();
    expect(after).toHaveLength(before.length + 1);
    setNow('2030-03-18T12:00:00Z');
    await view('/later-still', otherIp);
    await collector.flush();
    expect(
      (await db.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM website_visitor_salts ORDER BY day`)).map(
        (r: { day: string }) => r.day,
      ),
    ).toEqual(['2030-03-18']);
  });

  it('continues a session open across midnight under the previous hash', async () => {
    setNow('2030-03-19T23:55:00Z');
    await view('/night', '203.0.113.30');
    await collector.flush();
    setNow('2030-03-20T00:05:00Z');
    await view('/after-midnight', '203.0.113.30');
    await collector.flush();
    const [session] = await db.query<{ pageViews: number }[]>(
      `SELECT "pageViews" FROM website_sessions WHERE "websiteId" = $1 AND "entryPath" = '/night'`,
      [siteId],
    );
    expect(session.pageViews).toBe(2);
  });

  it('gives one chart row per day, oldest first, days without visits included, in the user’s timezone', async () => {
    setNow('2030-03-20T12:00:00Z');
    const days = await metrics.daily(siteId, 30, 'UTC');
    expect(days).toHaveLength(30);
    expect(days[0].date).toBe('2030-02-19');
    expect(days.at(-1)).toEqual({ date: '2030-03-20', visitors: 1, pageViews: 1 });
    expect(days.find((d) => d.date === '2030-03-15')).toEqual({ date: '2030-03-15', visitors: 3, pageViews: 6 });
    expect(days.find((d) => d.date === '2030-03-17')).toEqual({ date: '2030-03-17', visitors: 0, pageViews: 0 });
    // 23:55 UTC on the 19th is the 20th in Tokyo.
    const tokyo = await metrics.daily(siteId, 2, 'Asia/Tokyo');
    expect(tokyo).toEqual([
      { date: '2030-03-19', visitors: 0, pageViews: 0 },
      { date: '2030-03-20', visitors: 1, pageViews: 2 },
    ]);
  });
});

describe('the dashboard', () => {
  it('shows today’s page views, the week-over-week change and the month’s website figures', async () => {
    setNow('2030-04-20T12:00:00Z');
    const [site] = await db.query<{ id: number }[]>(
      `INSERT INTO websites ("userId", name, url, "siteKey", "seoScore") VALUES ($1, 'Dash', 'https://dash.example', 'dashKey1', 80) RETURNING id`,
      [userId],
    );
    await db.query(`UPDATE websites SET "seoScore" = 90 WHERE "siteKey" = 'shopKey1'`);
    await db.query(
      `INSERT INTO website_blog_posts ("websiteId", "userId", topic) VALUES ($1, $2, 'One'), ($1, $2, 'Two')`,
      [site.id, userId],
    );
    // Last week (8 to 13 days ago): 4 page views straight into the table, one a day (each day's
    // visitor hash is another, as under the daily salt); this week: 5 through the collector, 3 of them today.
    await db.query(
      `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname) SELECT $1, n, $2::timestamptz - n * interval '1 day', '/' FROM generate_series(8, 11) n`,
      [site.id, now],
    );
    advance(-3 * 24 * 60);
    await collect({ siteKey: 'dashKey1', url: 'https://dash.example/' }, { ip: '203.0.113.40' }).expect(202);
    await collect({ siteKey: 'dashKey1', url: 'https://dash.example/x' }, { ip: '203.0.113.40' }).expect(202);
    setNow('2030-04-20T12:00:00Z');
    for (const ip of ['203.0.113.41', '203.0.113.42', '203.0.113.42'])
      await collect({ siteKey: 'dashKey1', url: 'https://dash.example/' }, { ip }).expect(202);
    await collector.flush();
    // Uptime: one site 3 of 4 checks up (75 %), another all up (100 %); an inactive site's checks are left out.
    await db.query(
      `INSERT INTO website_uptime_checks ("websiteId", "checkedAt", ok) VALUES ($1, $2, true), ($1, $2, true), ($1, $2, true), ($1, $2, false), ($3, $2, true)`,
      [site.id, now, (await db.query(`SELECT id FROM websites WHERE "siteKey" = 'blogKey1'`))[0].id],
    );
    await db.query(
      `INSERT INTO website_uptime_checks ("websiteId", "checkedAt", ok) SELECT id, $1, false FROM websites WHERE "siteKey" = 'closedKey'`,
      [now],
    );

    const { body } = await owner.get('/api/dashboard').expect(200);
    expect(body.modules.website.views).toBe(3);
    // 5 this week against 4 the week before.
    expect(body.modules.website.viewsChangePercent).toBe(25);
    expect(body.modules.website.analytics).toEqual({
      // This month (April): the 5 page views through the collector and last week's 4 (April 9–12);
      // visitors counted once a day: 3 this week and the seeded days' 4.
      visitors: 7,
      pageViews: 9,
      blogPosts: 2,
      // (80 + 90) / 2
      seoScore: 85,
      // (75 + 100) / 2
      uptime: 87.5,
      // Both sites' checks began just now: the figure covers the time since.
      uptimeSince: now.toISOString(),
    });
  });

  it('shows zeros and no change to a user without websites', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const { body } = await agent.get('/api/dashboard').expect(200);
    expect(body.modules.website).toEqual({
      views: 0,
      viewsChangePercent: null,
      analytics: { visitors: 0, pageViews: 0, blogPosts: 0, seoScore: 0, uptime: 0, uptimeSince: null },
    });
  });
});
