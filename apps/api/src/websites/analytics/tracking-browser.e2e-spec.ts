/**
 * The real tracking script in a real browser: headless Chromium (playwright-core, /usr/bin/chromium)
 * opens a page served by this test on 127.0.0.1 that includes the script from the API (another
 * origin), so what is tested is what a customer's site does: the script loads cross-origin, sends
 * its page view with sendBeacon, follows an SPA navigation, reports engaged time on leaving, and
 * stays silent under Global Privacy Control.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type Browser, chromium } from 'playwright-core';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { signUp } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';
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

beforeAll(async () => {
  t = await createTestApp({ env: { WEBSITE_UPTIME_INTERVAL_MINUTES: '0' } });
  await t.app.listen(0, '127.0.0.1');
  const api = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  db = t.app.get<DataSource>(getDataSourceToken());
  collector = t.app.get(WebsiteCollectorService);
  const { user } = await signUp(request.agent(t.http));

  // The customer's site: any path answers the same single-page app shell with the tracking snippet.
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Shop</title><script defer src="${api}/api/collect/script.js" data-site="browserKey1"></script></head><body><h1>Shop</h1></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  [{ id: websiteId }] = await db.query(
    `INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, 'Shop', $2, 'browserKey1') RETURNING id`,
    [user.id, `${siteUrl}/`],
  );
  // The User-Agent browser-wide too: a beacon sent while the page unloads goes out with the browser's
  // own User-Agent, not the context's (found by this test: it said HeadlessChrome and was dropped as a bot).
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

const stored = async () => {
  await collector.flush();
  return db.query<{ pathname: string; referrerHost: string | null }[]>(
    `SELECT pathname, "referrerHost" FROM website_pageviews WHERE "websiteId" = $1 ORDER BY id`,
    [websiteId],
  );
};

it('records a page view on load and another on an SPA navigation, once per address, and the engaged time on leaving', async () => {
  const context = await browser.newContext({ userAgent: CHROME });
  const page = await context.newPage();
  const cookies: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/collect'))
      cookies.push(...((await response.headerValue('set-cookie')) ?? '').split('\n').filter(Boolean));
  });
  await page.goto(`${siteUrl}/?campaign=spring`);
  await waitFor(async () => (await stored()).length === 1, { what: 'the first page view' });

  // Strings: the API's TypeScript has no DOM types; this runs in the page.
  await page.evaluate("history.pushState({}, '', '/products/42')");
  await waitFor(async () => (await stored()).length === 2, { what: 'the SPA navigation' });
  // Same address again (replaceState, a fragment): no new page view.
  await page.evaluate(
    "history.replaceState({ step: 2 }, '', '/products/42'); history.pushState({}, '', '/products/42#reviews')",
  );
  await page.waitForTimeout(300);
  expect(await stored()).toEqual([
    { pathname: '/', referrerHost: null },
    { pathname: '/products/42', referrerHost: null },
  ]);

  // Leaving the page (pagehide) sends the time it was visible.
  await page.waitForTimeout(400);
  await page.goto('about:blank');
  await waitFor(
    async () => {
      await collector.flush();
      const [session] = await db.query<{ engagedMs: number; pageViews: number }[]>(
        `SELECT "engagedMs", "pageViews" FROM website_sessions WHERE "websiteId" = $1`,
        [websiteId],
      );
      // The SPA navigation reported the first page's time; leaving reports the second's (visible ≥ 700 ms in all).
      return session && session.engagedMs >= 700 ? session : undefined;
    },
    { what: 'the engagement report' },
  );
  const sessions = await db.query<{ pageViews: number; engagedMs: number }[]>(
    `SELECT "pageViews", "engagedMs" FROM website_sessions WHERE "websiteId" = $1`,
    [websiteId],
  );
  expect(sessions).toHaveLength(1);
  expect(sessions[0].pageViews).toBe(2);
  expect(cookies).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  await context.close();
});

it('sends nothing when the browser asks for Global Privacy Control', async () => {
  const before = (await stored()).length;
  const context = await browser.newContext({ userAgent: CHROME });
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/api/collect')) sent.push(req.url());
  });
  await page.goto(`${siteUrl}/private`);
  await page.waitForFunction(
    "performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/collect/script.js'))",
  );
  await page.evaluate("history.pushState({}, '', '/private/2')");
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  expect((await stored()).length).toBe(before);
  await context.close();
});
