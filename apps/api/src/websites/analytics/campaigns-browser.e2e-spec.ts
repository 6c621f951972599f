/**
 * Issue 27's closed loop in a real browser: headless Chromium opens a customer's page (served here on
 * 127.0.0.1, the real tracking script loaded from the API's origin) at a campaign link's address
 * (utm_source, utm_medium, utm_campaign and a parameter that must not be kept), then clicks a
 * data-aide-goal button. The visit shows up under its campaign in the site's breakdown, in
 * WebsiteMetrics.campaignVisits (what the social and blog posts show), and as the goal's conversion.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AnalyticsBreakdown, withCampaignTags } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type Browser, chromium } from 'playwright-core';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';
import { WebsiteMetrics } from '../website-metrics';
import { WebsiteCollectorService } from './website-collector.service';

// HeadlessChrome's own User-Agent counts as a bot (collect.controller.ts); a visitor's browser says Chrome.
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let db: DataSource;
let collector: WebsiteCollectorService;
let browser: Browser;
let site: http.Server;
let siteUrl: string;
let websiteId: number;
let owner: Agent;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBSITE_UPTIME_INTERVAL_MINUTES: '0' } });
  await t.app.listen(0, '127.0.0.1');
  const api = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  db = t.app.get<DataSource>(getDataSourceToken());
  collector = t.app.get(WebsiteCollectorService);
  const signed = await signUp(request.agent(t.http));
  owner = signed.agent;
  ownerId = signed.user.id;

  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Shop</title><script defer src="${api}/api/collect/script.js" data-site="campaignKey1"></script></head>` +
        `<body><h1>Spring sale</h1><button data-aide-goal="signup"><span>Sign up</span></button></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  [{ id: websiteId }] = await db.query(
    `INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, 'Shop', $2, 'campaignKey1') RETURNING id`,
    [ownerId, `${siteUrl}/`],
  );
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', `--user-agent=${CHROME}`],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await t.close();
});

it('counts a campaign link visited in Chromium under its campaign, in campaignVisits, and its goal click as a conversion', async () => {
  await owner.post(`/api/websites/${websiteId}/goals`).send({ kind: 'event', match: 'signup' }).expect(201);
  const link = withCampaignTags(`${siteUrl}/blog/spring-sale?ref=private-token`, {
    source: 'linkedin',
    medium: 'social',
    campaign: 'spring-sale',
  });

  const context = await browser.newContext({ userAgent: CHROME });
  const page = await context.newPage();
  await page.goto(link);
  await waitFor(
    async () => {
      await collector.flush();
      const [row] = await db.query(`SELECT 1 FROM website_sessions WHERE "websiteId" = $1`, [websiteId]);
      return row;
    },
    { what: 'the page view' },
  );
  // A click inside the goal's element (its child span) sends the custom event.
  await page.getByText('Sign up').click();
  await waitFor(
    async () => {
      await collector.flush();
      const [row] = await db.query(`SELECT name FROM website_custom_events WHERE "websiteId" = $1`, [websiteId]);
      return row;
    },
    { what: 'the goal event' },
  );
  await context.close();

  const breakdown = (await owner.get(`/api/websites/${websiteId}/analytics/breakdown?period=7d`).expect(200))
    .body as AnalyticsBreakdown;
  expect(breakdown.campaigns).toEqual([{ campaign: 'spring-sale', source: 'linkedin', medium: 'social', visitors: 1 }]);
  expect(breakdown.sources).toEqual([{ source: 'linkedin', visitors: 1 }]);
  expect(breakdown.pages).toEqual([{ path: '/blog/spring-sale', visitors: 1, views: 1 }]);
  expect(breakdown.goals).toEqual([
    expect.objectContaining({ kind: 'event', match: 'signup', conversions: 1, conversionRate: 100 }),
  ]);
  expect(
    await t.app
      .get(WebsiteMetrics)
      .campaignVisits(ownerId, [{ campaign: 'spring-sale', source: 'linkedin' }, { campaign: 'spring-sale' }]),
  ).toEqual([1, 1]);
  // Nothing else of the address's query was kept.
  const rows = JSON.stringify(
    await db.query(
      `SELECT * FROM website_pageviews p, website_sessions s WHERE p."websiteId" = $1 AND s."websiteId" = $1`,
      [websiteId],
    ),
  );
  expect(rows).not.toContain('private-token');
});
