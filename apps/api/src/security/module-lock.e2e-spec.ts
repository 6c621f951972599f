import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppNotification, FeatureToggle, NotificationList } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { buildRegistration, signUp, type Agent } from '../../test/factories';
import { baseUrlOf, SseTestClient } from '../../test/sse-test-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { TestJobOwner } from '../../test/test-job-owner';
import { waitFor } from '../../test/wait-for';
import { CALENDAR_SYNC_JOB, CalendarSyncService } from '../calendar-integrations/sync/calendar-sync.service';
import { EMAIL_SYNC_JOB, EmailSyncService } from '../email/sync/email-sync.service';
import { JobsService } from '../jobs/jobs.service';
import { REGISTERED_MODULES } from '../module-registry/registered-modules';
import { NotificationsService } from '../notifications/notifications.service';
import { SocialAccountsService } from '../social/accounts/social-accounts.service';
import { SocialPublisherService } from '../social/publishing/social-publisher.service';
import { WebsiteUptimeService } from '../websites/analytics/website-uptime.service';
import { WebsiteChecksService } from '../websites/website-checks.service';

/**
 * Hole 6 of the security test: a module switched off for a user (here by its plan) must stop
 * acting for them. Its notifications leave the bell (list, unread count, live stream) while it is
 * locked and come back after; its jobs skip that user, both in the jobs service for every kind of
 * job and in the recurring fan-outs (uptime, SEO re-audit, email/calendar sync, social read-back).
 */

let t: TestApp;
let db: DataSource;
let base: string;
let admin: Agent;
/** Free plan: the website, email, organiser and social modules are locked for them below. */
let locked: { agent: Agent; id: number; cookie: string };
/** Premium: the same modules stay open. */
let open: { agent: Agent; id: number };
let websiteToggleId: number;
let server: http.Server;
let siteUrl: string;

const LOCKED_MODULES = ['website', 'email', 'organiser', 'social'];

async function setPlanRequired(planRequired: 'free' | 'premium'): Promise<void> {
  const toggles: FeatureToggle[] = (await admin.get('/api/admin/features').expect(200)).body;
  for (const id of LOCKED_MODULES) {
    const toggle = toggles.find((row) => row.name === `module.${id}`)!;
    await admin.patch(`/api/admin/features/${toggle.id}`).send({ planRequired }).expect(200);
  }
}
const lockModules = () => setPlanRequired('premium');
const unlockModules = () => setPlanRequired('free');

const bell = async (agent: Agent): Promise<NotificationList> =>
  (await agent.get('/api/notifications').expect(200)).body;
const titles = (list: NotificationList) => list.items.map((item: AppNotification) => item.title).sort();

async function addSite(userId: number, key: string): Promise<number> {
  const [{ id }] = await db.query(
    `INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, $2, $3, $2) RETURNING id`,
    [userId, key, siteUrl],
  );
  return id;
}
const uptimeRows = async (websiteId: number): Promise<number> =>
  Number(
    (await db.query(`SELECT count(*)::int AS n FROM website_uptime_checks WHERE "websiteId" = $1`, [websiteId]))[0].n,
  );
const queuedFor = async (name: string, key: string, id: number): Promise<number> =>
  Number(
    (
      await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND (data->'payload'->>$2)::int = $3`, [
        name,
        key,
        id,
      ])
    )[0].n,
  );

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ...FAST_JOBS_ENV,
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: '127.0.0.1',
      WEBSITE_UPTIME_INTERVAL_MINUTES: '0',
      WEBSITE_FETCH_TIMEOUT_MS: '2000',
    },
  });
  await t.app.listen(0, '127.0.0.1');
  base = baseUrlOf(t.app);
  db = t.app.get<DataSource>(getDataSourceToken());
  admin = (await signUp(request.agent(t.http))).agent; // the first account is the admin
  const registration = buildRegistration();
  const lockedUser = await signUp(request.agent(t.http), registration);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: registration.email, password: registration.password }),
  });
  locked = {
    agent: lockedUser.agent,
    id: lockedUser.user.id,
    cookie: login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
  const openUser = await signUp(request.agent(t.http));
  open = { agent: openUser.agent, id: openUser.user.id };
  await admin.patch(`/api/admin/users/${open.id}/plan`).send({ plan: 'premium' }).expect(200);
  websiteToggleId = ((await admin.get('/api/admin/features').expect(200)).body as FeatureToggle[]).find(
    (row) => row.name === 'module.website',
  )!.id;
  server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Up</h1>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
afterEach(() => unlockModules());

describe('every kind of job declares its module', () => {
  it('lists each defined job with a registered module id or null (the platform), none undefined', () => {
    const jobs = t.app.get(JobsService).definedJobs();
    const known = new Set<string | null>([null, ...REGISTERED_MODULES.map((module) => module.id)]);
    // Discovered at run time: a kind added later is checked without touching this test.
    expect(jobs.length).toBeGreaterThan(10);
    expect(jobs.filter((job) => !known.has(job.module ?? 'undefined'))).toEqual([]);
    // The domains' own jobs are not platform jobs.
    expect(
      Object.fromEntries(
        jobs.filter((job) => /^(websites?|email|calendar)\./.test(job.name)).map((job) => [job.name, job.module]),
      ),
    ).toMatchObject({
      'websites.uptime': 'website',
      'websites.uptime-site': 'website',
      'website.seo-audit': 'website',
      'email.sync': 'email',
      'calendar.sync': 'organiser',
    });
  });

  it('refuses to define a job without a module declaration, or with an unknown module', () => {
    const jobs = t.app.get(JobsService);
    const handler = async () => undefined;
    expect(() =>
      jobs.define({ name: 'test.undeclared', title: 'Undeclared', handler } as unknown as Parameters<
        JobsService['define']
      >[0]),
    ).toThrow('must declare its module');
    expect(() => jobs.define({ name: 'test.unknown-module', module: 'weather', title: 'Unknown', handler })).toThrow(
      'unknown module "weather"',
    );
  });
});

describe('notifications of a locked module', () => {
  it('leave the list and the unread count while it is locked and come back, unread, when it is on again', async () => {
    const notifications = t.app.get(NotificationsService);
    await notifications.notify(locked.id, { kind: 'system', module: 'website', title: 'Shop is down' });
    await notifications.notify(locked.id, { kind: 'system', module: null, title: 'Welcome' });
    await notifications.notify(locked.id, { kind: 'research_finished', module: 'research', title: 'Report ready' });
    expect(titles(await bell(locked.agent))).toEqual(['Report ready', 'Shop is down', 'Welcome']);

    await admin.patch(`/api/admin/features/${websiteToggleId}`).send({ enabled: false }).expect(200);
    let list = await bell(locked.agent);
    expect(titles(list)).toEqual(['Report ready', 'Welcome']);
    expect(list.unreadCount).toBe(2);
    // Hidden is hidden: marking it read by its id answers as for one that does not exist.
    const hiddenId = (
      await db.query(`SELECT id FROM notifications WHERE "userId" = $1 AND title = 'Shop is down'`, [locked.id])
    )[0].id as number;
    const markHidden = await locked.agent.patch(`/api/notifications/${hiddenId}/read`).expect(404);
    expect(markHidden.body).toEqual({ message: 'Notification not found' });
    // Read-all marks what the user sees; the hidden one stays unread for when it comes back.
    await locked.agent.post('/api/notifications/read-all').expect(204);
    expect((await bell(locked.agent)).unreadCount).toBe(0);

    await admin.patch(`/api/admin/features/${websiteToggleId}`).send({ enabled: true }).expect(200);
    list = await bell(locked.agent);
    expect(titles(list)).toEqual(['Report ready', 'Shop is down', 'Welcome']);
    expect(list.unreadCount).toBe(1);
    expect(list.items.find((item) => item.title === 'Shop is down')!.readAt).toBeNull();
  });

  it("a job's outcome notification carries the job's module: a failed website job's leaves the bell while the module is locked", async () => {
    const jobs = t.app.get(JobsService);
    jobs.define({
      name: 'test.website-fails',
      module: 'website',
      title: 'Website chore',
      retryLimit: 0,
      handler: async () => Promise.reject(new Error('The site did not answer')),
    });
    await jobs.enqueue('test.website-fails', {}, { userId: locked.id });
    await waitFor(async () => titles(await bell(locked.agent)).includes('Website chore failed'), {
      what: 'the failure notification',
    });
    await lockModules();
    expect(titles(await bell(locked.agent))).not.toContain('Website chore failed');
    await unlockModules();
    expect(titles(await bell(locked.agent))).toContain('Website chore failed');
  });

  it('are not pushed to the live stream while the module is locked', async () => {
    await lockModules();
    const client = await SseTestClient.open(`${base}/api/stream`, locked.cookie);
    try {
      await client.until((c) => c.messages.some((m) => m.retry !== undefined)); // connected
      const notifications = t.app.get(NotificationsService);
      await notifications.notify(locked.id, {
        kind: 'sync_failed',
        module: 'email',
        title: 'Email sync failed (hidden)',
      });
      await notifications.notify(locked.id, { kind: 'system', module: null, title: 'Platform news' });
      await client.until((c) =>
        c.events.some((e) => e.type === 'notification' && e.notification.title === 'Platform news'),
      );
      const pushed = client.events.flatMap((e) => (e.type === 'notification' ? [e.notification.title] : []));
      expect(pushed).toEqual(['Platform news']);
    } finally {
      client.close();
    }
  });
});

describe("a locked module's jobs skip that user", () => {
  it('the jobs service skips a user job of a locked module quietly (no run, no notification) and runs it for another user', async () => {
    const jobs = t.app.get(JobsService);
    const ran: number[] = [];
    jobs.define<{ userId: number }>({
      name: 'test.website-work',
      module: 'website',
      title: 'Website work',
      handler: async ({ userId }) => void ran.push(userId),
    });
    await lockModules();
    const skippedId = await jobs.enqueue('test.website-work', { userId: locked.id }, { userId: locked.id });
    await jobs.enqueue('test.website-work', { userId: open.id }, { userId: open.id });
    await waitFor(async () => ran.includes(open.id), { what: "the open user's job" });
    await waitFor(
      async () => (await db.query(`SELECT state FROM pgboss.job WHERE id = $1`, [skippedId]))[0]?.state === 'completed',
      { what: "the locked user's job settled" },
    );
    expect(ran).toEqual([open.id]);
    expect(titles(await bell(locked.agent))).not.toContain('Website work failed');
    // A job that works for a row leaves it failed with the reason, not pending for ever (a pending audit is never re-queued).
    const owner = await TestJobOwner.create(db);
    jobs.define({
      name: 'test.website-owned',
      module: 'website',
      title: 'Website audit',
      owner,
      handler: async () => undefined,
    });
    const entity = await owner.newTarget();
    await jobs.enqueue('test.website-owned', {}, { userId: locked.id, entity });
    await waitFor(async () => (await owner.target(entity.id)).status === 'failed', {
      what: 'the skipped row released',
    });
    expect(await owner.target(entity.id)).toMatchObject({
      status: 'failed',
      error: 'The website module is not available on your plan',
    });
    expect(titles(await bell(locked.agent))).not.toContain('Website audit failed');
    // On again: the same kind runs for them.
    await unlockModules();
    await jobs.enqueue('test.website-work', { userId: locked.id }, { userId: locked.id });
    await waitFor(async () => ran.includes(locked.id), { what: "the unlocked user's job" });
  });

  it("uptime: the round checks the open user's site and not the locked user's; the one-site job skips it too", async () => {
    const uptime = t.app.get(WebsiteUptimeService);
    const lockedSite = await addSite(locked.id, 'lockedUptime');
    const openSite = await addSite(open.id, 'openUptime');
    await lockModules();
    await uptime.checkAll();
    expect(await uptimeRows(openSite)).toBe(1);
    expect(await uptimeRows(lockedSite)).toBe(0);

    await uptime.queueCheck(locked.id, lockedSite);
    await uptime.queueCheck(open.id, openSite);
    await waitFor(async () => (await uptimeRows(openSite)) === 2, { what: "the open user's one-site check" });
    await waitFor(
      async () =>
        Number(
          (
            await db.query(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'websites.uptime-site' AND state <> 'completed'`,
            )
          )[0].n,
        ) === 0,
      { what: 'the one-site checks settled' },
    );
    expect(await uptimeRows(lockedSite)).toBe(0);

    await unlockModules();
    await uptime.checkAll();
    expect(await uptimeRows(lockedSite)).toBe(1);
    await db.query(`DELETE FROM websites WHERE id = ANY($1)`, [[lockedSite, openSite]]);
  });

  it("SEO re-audit: the daily round queues the open user's site, not the locked user's", async () => {
    const checks = t.app.get(WebsiteChecksService);
    const lockedSite = await addSite(locked.id, 'lockedSeo');
    const openSite = await addSite(open.id, 'openSeo');
    await lockModules();
    await checks.queueDueAudits();
    const status = async (id: number) =>
      (await db.query(`SELECT "seoStatus" AS s FROM websites WHERE id = $1`, [id]))[0].s;
    expect(await status(lockedSite)).toBe('idle');
    expect(await status(openSite)).not.toBe('idle');
    expect(await queuedFor('website.seo-audit', 'websiteId', lockedSite)).toBe(0);
    expect(await queuedFor('website.seo-audit', 'websiteId', openSite)).toBe(1);
    await unlockModules();
    await checks.queueDueAudits();
    expect(await queuedFor('website.seo-audit', 'websiteId', lockedSite)).toBe(1);
  });

  it("email and calendar auto-sync queue the open user's accounts, not the locked user's", async () => {
    const insertEmail = async (userId: number) =>
      (
        await db.query(
          `INSERT INTO email_integrations ("userId", provider, email, credentials) VALUES ($1, 'imap', $2, 'x') RETURNING id`,
          [userId, `u${userId}@example.test`],
        )
      )[0].id as number;
    const insertCalendar = async (userId: number) =>
      (
        await db.query(
          `INSERT INTO calendar_integrations ("userId", provider, "calendarName", credentials, "providerState") VALUES ($1, 'caldav', 'Home', 'x', '{}') RETURNING id`,
          [userId],
        )
      )[0].id as number;
    const [lockedMail, openMail, lockedCalendar, openCalendar] = [
      await insertEmail(locked.id),
      await insertEmail(open.id),
      await insertCalendar(locked.id),
      await insertCalendar(open.id),
    ];
    await lockModules();
    await t.app.get(EmailSyncService).enqueueDue();
    await t.app.get(CalendarSyncService).enqueueAutoSyncs();
    expect(await queuedFor(EMAIL_SYNC_JOB, 'integrationId', openMail)).toBe(1);
    expect(await queuedFor(EMAIL_SYNC_JOB, 'integrationId', lockedMail)).toBe(0);
    expect(await queuedFor(CALENDAR_SYNC_JOB, 'integrationId', openCalendar)).toBe(1);
    expect(await queuedFor(CALENDAR_SYNC_JOB, 'integrationId', lockedCalendar)).toBe(0);
    await unlockModules();
    await t.app.get(EmailSyncService).enqueueDue();
    await t.app.get(CalendarSyncService).enqueueAutoSyncs();
    expect(await queuedFor(EMAIL_SYNC_JOB, 'integrationId', lockedMail)).toBe(1);
    expect(await queuedFor(CALENDAR_SYNC_JOB, 'integrationId', lockedCalendar)).toBe(1);
    await db.query(`DELETE FROM email_integrations WHERE id = ANY($1)`, [[lockedMail, openMail]]);
    await db.query(`DELETE FROM calendar_integrations WHERE id = ANY($1)`, [[lockedCalendar, openCalendar]]);
  });

  it('a scheduled post whose time comes while the social module is locked goes back to drafts with the reason, not published', async () => {
    const publisher = t.app.get(SocialPublisherService);
    const [post] = await db.query(
      `INSERT INTO social_posts ("userId", platform, topic, content, status, "scheduledAt", "scheduleVersion") VALUES ($1, 'linkedin', 'Launch', 'We launch today', 'scheduled', now(), 3) RETURNING id`,
      [locked.id],
    );
    await lockModules();
    await publisher.queue(locked.id, post.id, 3, new Date());
    const row = await waitFor(
      async () => {
        const [current] = await db.query(
          `SELECT status, "scheduledAt", "publishError" FROM social_posts WHERE id = $1`,
          [post.id],
        );
        return current.status === 'draft' ? current : undefined;
      },
      { what: 'the skipped post back in drafts' },
    );
    expect(row).toEqual({
      status: 'draft',
      scheduledAt: null,
      publishError: 'The social module is not available on your plan',
    });
  });

  it('social engagement read-back walks only the accounts of users whose social module is open', async () => {
    for (const [userId, platform] of [
      [locked.id, 'linkedin'],
      [open.id, 'linkedin'],
    ] as const) {
      await db.query(
        `INSERT INTO social_accounts ("userId", platform, "externalAccountId", "accountName", credentials) VALUES ($1, $2, $3, 'Me', 'x')`,
        [userId, platform, `acct-${userId}`],
      );
    }
    const accounts = t.app.get(SocialAccountsService);
    await lockModules();
    expect((await accounts.allConnected()).map((account) => account.userId)).toEqual([open.id]);
    await unlockModules();
    expect((await accounts.allConnected()).map((account) => account.userId).sort()).toEqual(
      [locked.id, open.id].sort(),
    );
  });
});
