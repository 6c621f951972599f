/**
 * Campaigns, sources and goals (issue 27): page views sent with utm_source/medium/campaign show up
 * in the site's breakdown (sources, pages, campaigns) and in WebsiteMetrics.campaignVisits; goals
 * are the user's own per site and count conversions (a page path, or a custom event).
 */
import type { AnalyticsBreakdown, Website, WebsiteGoal } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WebsiteMetrics } from '../website-metrics';
import { WebsiteCollectorService } from './website-collector.service';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let db: DataSource;
let collector: WebsiteCollectorService;
let metrics: WebsiteMetrics;
let owner: { agent: Agent; id: number };
let other: { agent: Agent; id: number };
let site: Website;
let nextIp = 1;

function collect(body: Record<string, unknown>, ip = `203.0.113.${nextIp++}`) {
  return request(t.http)
    .post('/api/collect')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', CHROME)
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .send(JSON.stringify({ siteKey: site.siteKey, ...body }))
    .expect(202);
}

const breakdown = async (agent: Agent, period = '30d') =>
  (await agent.get(`/api/websites/${site.id}/analytics/breakdown?period=${period}`).expect(200))
    .body as AnalyticsBreakdown;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', WEBSITE_UPTIME_INTERVAL_MINUTES: '0' } });
  db = t.app.get<DataSource>(getDataSourceToken());
  collector = t.app.get(WebsiteCollectorService);
  metrics = t.app.get(WebsiteMetrics);
  const a = await signUp(request.agent(t.http));
  const b = await signUp(request.agent(t.http));
  owner = { agent: a.agent, id: a.user.id };
  other = { agent: b.agent, id: b.user.id };
  site = (await owner.agent.post('/api/websites').send({ url: 'https://shop.example/', name: 'Shop' }).expect(201))
    .body as Website;

  // Three visitors: one from a LinkedIn campaign link, one from a newsletter, one typed the address.
  const ip1 = '203.0.113.201';
  await collect(
    {
      url: 'https://shop.example/blog/spring?utm_source=LinkedIn&utm_medium=social&utm_campaign=Spring-Sale&email=a@b.c',
      referrer: 'https://www.linkedin.com/feed/',
    },
    ip1,
  );
  await collect({ url: 'https://shop.example/thank-you' }, ip1);
  await collect({ type: 'event', url: 'https://shop.example/thank-you', name: 'signup' }, ip1);
  await collect({ url: 'https://shop.example/blog/spring?utm_source=newsletter&utm_campaign=spring-sale' });
  await collect({ url: 'https://shop.example/', referrer: 'https://news.example/story' });
  await collect({ url: 'https://shop.example/' });
  await collector.flush();
});
afterAll(() => t?.close());

describe('campaign tags', () => {
  it('are stored normalised on the page view and the session, and nothing else of the query', async () => {
    const sessions = await db.query(
      `SELECT "entryPath", "referrerHost", "utmSource", "utmMedium", "utmCampaign" FROM website_sessions WHERE "websiteId" = $1 AND "utmCampaign" IS NOT NULL ORDER BY "utmSource"`,
      [site.id],
    );
    expect(sessions).toEqual([
      {
        entryPath: '/blog/spring',
        referrerHost: 'linkedin.com',
        utmSource: 'linkedin',
        utmMedium: 'social',
        utmCampaign: 'spring-sale',
      },
      {
        entryPath: '/blog/spring',
        referrerHost: null,
        utmSource: 'newsletter',
        utmMedium: null,
        utmCampaign: 'spring-sale',
      },
    ]);
    const stored = JSON.stringify(await db.query(`SELECT * FROM website_pageviews WHERE "websiteId" = $1`, [site.id]));
    expect(stored).not.toContain('a@b.c');
    expect(stored).not.toContain('email');
  });

  it('list in the breakdown: sources (utm_source, else referrer, else Direct), pages and campaigns', async () => {
    const result = await breakdown(owner.agent);
    expect(result.period).toBe('30d');
    expect(result.visitors).toBe(4);
    expect(result.sources).toEqual(
      expect.arrayContaining([
        { source: 'linkedin', visitors: 1 },
        { source: 'newsletter', visitors: 1 },
        { source: 'news.example', visitors: 1 },
        { source: null, visitors: 1 },
      ]),
    );
    expect(result.sources).toHaveLength(4);
    expect(result.pages[0]).toEqual({ path: '/', visitors: 2, views: 2 });
    expect(result.pages).toContainEqual({ path: '/blog/spring', visitors: 2, views: 2 });
    expect(result.pages).toContainEqual({ path: '/thank-you', visitors: 1, views: 1 });
    expect(result.campaigns).toEqual([
      { campaign: 'spring-sale', source: 'linkedin', medium: 'social', visitors: 1 },
      { campaign: 'spring-sale', source: 'newsletter', medium: null, visitors: 1 },
    ]);
    expect((await breakdown(owner.agent, '7d')).visitors).toBe(4);
  });

  it('count in campaignVisits per key, in key order, zeros for none and for another user', async () => {
    expect(
      await metrics.campaignVisits(owner.id, [
        { campaign: 'spring-sale' },
        { campaign: 'Spring-Sale', source: 'LinkedIn' },
        { campaign: 'spring-sale', source: 'twitter' },
        { campaign: 'winter' },
        { campaign: 'spring-sale', source: 'newsletter' },
      ]),
    ).toEqual([2, 1, 0, 0, 1]);
    expect(await metrics.campaignVisits(other.id, [{ campaign: 'spring-sale' }])).toEqual([0]);
    expect(await metrics.campaignVisits(owner.id, [])).toEqual([]);
  });

  it('rejects a custom event without a name, and a period it does not know', async () => {
    await request(t.http)
      .post('/api/collect')
      .set('User-Agent', CHROME)
      .send({ siteKey: site.siteKey, type: 'event', url: 'https://shop.example/' })
      .expect(400);
    const response = await owner.agent.get(`/api/websites/${site.id}/analytics/breakdown?period=1y`).expect(400);
    expect(response.body.message).toBe('period must be one of: 7d, 30d');
  });
});

describe('goals', () => {
  it('are added, listed and removed by the owner, and count conversions and a rate', async () => {
    const page = (
      await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'page', match: '/thank-you' }).expect(201)
    ).body as WebsiteGoal;
    const blog = (
      await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'page', match: '/blog/*' }).expect(201)
    ).body as WebsiteGoal;
    const signup = (
      await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'event', match: 'signup' }).expect(201)
    ).body as WebsiteGoal;
    expect(page).toEqual({
      id: expect.any(Number),
      websiteId: site.id,
      kind: 'page',
      match: '/thank-you',
      createdAt: expect.any(String),
    });
    await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'page', match: '/thank-you' }).expect(409);
    const invalid = await owner.agent
      .post(`/api/websites/${site.id}/goals`)
      .send({ kind: 'page', match: 'thank-you' })
      .expect(400);
    expect(invalid.body.message).toBe(
      'A page goal is a path that starts with / (it may end with * to match the pages under it)',
    );

    const listed = (await owner.agent.get(`/api/websites/${site.id}/goals`).expect(200)).body as WebsiteGoal[];
    expect(listed.map((goal) => goal.match)).toEqual(['/thank-you', '/blog/*', 'signup']);

    expect((await breakdown(owner.agent)).goals).toEqual([
      { id: page.id, kind: 'page', match: '/thank-you', conversions: 1, conversionRate: 25 },
      { id: blog.id, kind: 'page', match: '/blog/*', conversions: 2, conversionRate: 50 },
      { id: signup.id, kind: 'event', match: 'signup', conversions: 1, conversionRate: 25 },
    ]);

    await owner.agent.delete(`/api/websites/${site.id}/goals/${blog.id}`).expect(204);
    await owner.agent.delete(`/api/websites/${site.id}/goals/${blog.id}`).expect(404);
    expect(((await owner.agent.get(`/api/websites/${site.id}/goals`).expect(200)).body as WebsiteGoal[]).length).toBe(
      2,
    );
  });

  it("answer 404 for another user's site, exactly as for a missing one, and change nothing", async () => {
    const [goal] = (await owner.agent.get(`/api/websites/${site.id}/goals`).expect(200)).body as WebsiteGoal[];
    const missing = await other.agent.get(`/api/websites/2147483647/goals`).expect(404);
    const theirs = await other.agent.get(`/api/websites/${site.id}/goals`).expect(404);
    expect(theirs.body).toEqual(missing.body);
    await other.agent.get(`/api/websites/${site.id}/analytics/breakdown`).expect(404);
    await other.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'event', match: 'x' }).expect(404);
    await other.agent.delete(`/api/websites/${site.id}/goals/${goal.id}`).expect(404);
    expect(((await owner.agent.get(`/api/websites/${site.id}/goals`).expect(200)).body as WebsiteGoal[]).length).toBe(
      2,
    );
  });

  it('answer 403 while the website module is switched off', async () => {
    await db.query(`UPDATE feature_toggles SET enabled = false WHERE name = 'module.website'`);
    try {
      await owner.agent.get(`/api/websites/${site.id}/goals`).expect(403);
      await owner.agent.get(`/api/websites/${site.id}/analytics/breakdown`).expect(403);
      await owner.agent.post(`/api/websites/${site.id}/goals`).send({ kind: 'event', match: 'x' }).expect(403);
    } finally {
      await db.query(`UPDATE feature_toggles SET enabled = true WHERE name = 'module.website'`);
    }
  });
});
