import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { JobsService } from '../../jobs/jobs.service';
import { WebsiteMetrics } from '../website-metrics';
import { SiteFetcher } from '../fetch/site-fetcher';
import { OutboundPolicy } from '../../outbound/outbound-policy';
import { probe } from './uptime-probe';
import { WEBSITE_UPTIME_JOB, WebsiteUptimeService } from './website-uptime.service';

let t: TestApp;
let db: DataSource;
let uptime: WebsiteUptimeService;
let metrics: WebsiteMetrics;
let owner: Agent;
let userId: number;
/** What the monitored site answers. */
let status = 200;
let server: http.Server;
let base: string;
let siteId: number;

const listen = (srv: http.Server, port = 0) => new Promise<void>((resolve) => srv.listen(port, '127.0.0.1', resolve));
const titles = async () =>
  ((await owner.get('/api/notifications').expect(200)).body.items as { title: string }[]).map((n) => n.title).reverse();

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ...FAST_JOBS_ENV,
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBSITE_UPTIME_INTERVAL_MINUTES: '0',
      WEBSITE_FETCH_TIMEOUT_MS: '2000',
    },
  });
  db = t.app.get<DataSource>(getDataSourceToken());
  uptime = t.app.get(WebsiteUptimeService);
  metrics = t.app.get(WebsiteMetrics);
  const signed = await signUp(request.agent(t.http));
  owner = signed.agent;
  userId = signed.user.id;
  server = http.createServer((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/' });
      return res.end();
    }
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end('<h1>Shop</h1>');
  });
  await listen(server);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [{ id: siteId }] = await db.query(
    `INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, 'Shop', $2, 'uptimeKey1') RETURNING id`,
    [userId, `${base}/`],
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const summary = async () => (await metrics.uptime([siteId])).get(siteId)!;

it('reads no uptime before the first check', async () => {
  expect(await summary()).toEqual({
    uptime: null,
    since: null,
    isOnline: null,
    lastCheckedAt: null,
    responseTimeMs: null,
  });
});

it('tracks a site that goes down and comes back: uptime %, online state and a notification each way', async () => {
  // An inactive site is not checked; a check older than 30 days is deleted by the next run.
  await db.query(
    `INSERT INTO websites ("userId", name, url, "siteKey", "isActive") VALUES ($1, 'Paused', 'http://127.0.0.1:9/', 'pausedKey', false)`,
    [userId],
  );
  await db.query(
    `INSERT INTO website_uptime_checks ("websiteId", "checkedAt", ok) VALUES ($1, now() - interval '31 days', true)`,
    [siteId],
  );
  // A salt of three days ago, on a day no tracking event came to delete it: the run deletes it.
  await db.query(`INSERT INTO website_visitor_salts (day, salt) VALUES (current_date - 3, '\\x00')`);

  expect(await uptime.checkAll()).toBe(1);
  const now = await summary();
  expect(now).toMatchObject({ uptime: '100.00', isOnline: true });
  expect(now.responseTimeMs).toEqual(expect.any(Number));
  expect(await titles()).toEqual([]);

  status = 503;
  await uptime.checkAll();
  expect(await summary()).toMatchObject({ uptime: '50.00', isOnline: false, responseTimeMs: null });
  await uptime.checkAll();
  expect((await summary()).uptime).toBe('33.33');
  // Told once, when it went down.
  expect(await titles()).toEqual(['Shop is down: HTTP 503']);

  status = 200;
  await uptime.checkAll();
  expect(await summary()).toMatchObject({ uptime: '50.00', isOnline: true });
  expect(await titles()).toEqual(['Shop is down: HTTP 503', 'Shop is back up']);

  // Stopped altogether.
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await uptime.checkAll();
  expect(await summary()).toMatchObject({ uptime: '40.00', isOnline: false });
  expect(await titles()).toEqual(['Shop is down: HTTP 503', 'Shop is back up', 'Shop is down: connection refused']);
  await listen(server, Number(new URL(base).port));

  const rows = await db.query<{ ok: boolean; statusCode: number | null; error: string | null }[]>(
    `SELECT ok, "statusCode", error FROM website_uptime_checks WHERE "websiteId" = $1 ORDER BY id`,
    [siteId],
  );
  expect(rows).toEqual([
    { ok: true, statusCode: 200, error: null },
    { ok: false, statusCode: 503, error: 'HTTP 503' },
    { ok: false, statusCode: 503, error: 'HTTP 503' },
    { ok: true, statusCode: 200, error: null },
    { ok: false, statusCode: null, error: 'connection refused' },
  ]);
  expect(
    (
      await db.query(
        `SELECT count(*)::int AS n FROM website_uptime_checks c JOIN websites w ON w.id = c."websiteId" WHERE w."siteKey" = 'pausedKey'`,
      )
    )[0].n,
  ).toBe(0);
  expect(await db.query(`SELECT day FROM website_visitor_salts`)).toEqual([]);
});

it('runs as the recurring background job', async () => {
  const before = (
    await db.query(`SELECT count(*)::int AS n FROM website_uptime_checks WHERE "websiteId" = $1`, [siteId])
  )[0].n;
  await t.app.get(JobsService).enqueue(WEBSITE_UPTIME_JOB, {}, { userId });
  await waitFor(
    async () =>
      (await db.query(`SELECT count(*)::int AS n FROM website_uptime_checks WHERE "websiteId" = $1`, [siteId]))[0].n >
      before,
    { what: 'the job’s check' },
  );
  expect((await summary()).isOnline).toBe(true);
});

describe('the probe', () => {
  it('follows redirects', async () => {
    expect(
      await probe(new SiteFetcher({ timeoutMs: 2000, policy: new OutboundPolicy('true') }), `${base}/moved`),
    ).toMatchObject({ ok: true, statusCode: 200, error: null });
  });

  it('refuses loopback and private addresses unless allowed (SSRF)', async () => {
    for (const url of [`${base}/`, 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/']) {
      expect(await probe(new SiteFetcher({ timeoutMs: 2000, policy: new OutboundPolicy('false') }), url)).toEqual({
        ok: false,
        statusCode: null,
        responseMs: null,
        error: 'refused: address on a private network',
      });
    }
  });

  it('gives up after the timeout', async () => {
    const silent = http.createServer(() => undefined);
    await listen(silent);
    const result = await probe(
      new SiteFetcher({ timeoutMs: 300, policy: new OutboundPolicy('true') }),
      `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
    );
    expect(result).toEqual({ ok: false, statusCode: null, responseMs: null, error: 'timed out after 300 ms' });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});

it('checks a site as soon as it is added, and again when its address changes, without waiting for the next round', async () => {
  const added = (
    await owner
      .post('/api/websites')
      .send({ name: 'Fresh shop', url: `${base}/fresh` })
      .expect(201)
  ).body;
  const fresh = async () =>
    (await owner.get('/api/websites').expect(200)).body.find((site: { id: number }) => site.id === added.id);
  await waitFor(async () => (await fresh()).isOnline === true, { what: 'the first uptime check of the new site' });
  expect(await fresh()).toMatchObject({ uptime: '100.00', isOnline: true, responseTimeMs: expect.any(Number) });

  // Moved to an address that answers 503: a new record, checked at once, and shown offline.
  const moved = http.createServer((_req, res) => res.writeHead(503).end());
  await listen(moved);
  await owner
    .patch(`/api/websites/${added.id}`)
    .send({ url: `http://127.0.0.1:${(moved.address() as AddressInfo).port}/` })
    .expect(200);
  await waitFor(async () => (await fresh()).isOnline === false, { what: 'the check of the new address' });
  expect(await fresh()).toMatchObject({ uptime: '0.00', isOnline: false });
  moved.closeAllConnections();
  await new Promise((resolve) => moved.close(resolve));
});

it('reports the time a young monitor’s checks began, and none once they cover the whole 30 days', async () => {
  const added = (
    await owner
      .post('/api/websites')
      .send({ name: 'Young shop', url: `${base}/young` })
      .expect(201)
  ).body as { id: number };
  const listed = async () =>
    (await owner.get('/api/websites').expect(200)).body.find((site: { id: number }) => site.id === added.id) as {
      uptime: string | null;
      uptimeSince: string | null;
    };
  const site = await waitFor(async () => ((await listed()).uptime !== null ? listed() : undefined), {
    what: 'the first uptime check of the young site',
  });
  const [{ first }] = await db.query<{ first: Date }[]>(
    `SELECT min("checkedAt") AS first FROM website_uptime_checks WHERE "websiteId" = $1`,
    [added.id],
  );
  expect(site).toMatchObject({ uptime: '100.00', uptimeSince: first.toISOString() });
  expect(Date.now() - new Date(site.uptimeSince!).getTime()).toBeLessThan(5 * 60_000);

  // Checks that began as the 30-day window did (within an interval of its start) cover all of it.
  await db.query(
    `INSERT INTO website_uptime_checks ("websiteId", "checkedAt", ok) VALUES ($1, now() - interval '30 days' + interval '20 minutes', true)`,
    [added.id],
  );
  expect(await listed()).toMatchObject({ uptime: '100.00', uptimeSince: null });
});
