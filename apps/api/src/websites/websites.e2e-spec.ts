// The Website Manager over HTTP with job workers, against small sites on 127.0.0.1 served by the
// test (test/website-sites.ts): adding, listing, editing and removing sites with the contract's
// messages and the ownership rules; the SEO audit's score and its reasons on a good and a poor site
// and on a site that is down; the security check; the backup as a downloadable zip in Documents,
// within its origin, depth, page and robots.txt bounds; and blog posts written offline and sent to a
// fake WordPress REST API as drafts; publishing them (issue 27), and noticing a draft published in
// WordPress itself.
import {
  type BlogPost,
  type NotificationList,
  type SearchResponse,
  SECURITY_CHECKS,
  SEO_CHECKS,
  WEBSITE_CRAWL_LIMITS,
  WEBSITE_MESSAGES,
  type Website,
  type WebsiteJobStatus,
} from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import { unzipSync } from 'fflate';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { startWebsiteSites, type WebsiteSites } from '../../test/website-sites';
import { WebsiteBlogService } from './blog/website-blog.service';
import { WebsiteChecksService } from './website-checks.service';

jest.setTimeout(90_000);

let t: TestApp;
let db: DataSource;
let sites: WebsiteSites;

beforeAll(async () => {
  sites = await startWebsiteSites();
  t = await createTestApp({
    env: {
      ...FAST_JOBS_ENV,
      AUTH_REGISTER_RATE_LIMIT: '1000',
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBSITE_EXTRA_CA_FILE: sites.caFile,
      WEBSITE_FETCH_TIMEOUT_MS: '3000',
    },
  });
  db = t.app.get<DataSource>(getDataSourceToken());
}, 90_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

async function user(): Promise<{ agent: Agent; id: number }> {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
}

const add = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/websites').send(body);

async function siteOf(agent: Agent, id: number): Promise<Website> {
  const list = (await agent.get('/api/websites').expect(200)).body as Website[];
  const site = list.find((s) => s.id === id);
  if (!site) throw new Error(`website ${id} is gone`);
  return site;
}

const done = (status: WebsiteJobStatus) => status === 'completed' || status === 'failed';

/** Waits for the site's SEO audit, backup or security check to end. */
const settled = (agent: Agent, id: number, kind: 'seo' | 'backup' | 'security') =>
  waitFor(
    async () => {
      const site = await siteOf(agent, id);
      return done(site[kind].status) ? site : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `website ${id}'s ${kind} to end` },
  );

/** A site added and its first audit finished, so the next actions start from idle work. */
async function addedSite(agent: Agent, url: string, name = 'A site'): Promise<Website> {
  const site = (await add(agent, { url, name }).expect(201)).body as Website;
  return settled(agent, site.id, 'seo');
}

const blogPostOf = (agent: Agent, websiteId: number, postId: number) =>
  waitFor(
    async () => {
      const posts = (await agent.get(`/api/websites/${websiteId}/blog-posts`).expect(200)).body as BlogPost[];
      const post = posts.find((p) => p.id === postId);
      return post && post.status !== 'pending' && post.status !== 'writing' ? post : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: `blog post ${postId} to be written` },
  );

describe('adding, listing, editing and removing sites', () => {
  it('adds a site with a tracking key and a first SEO audit queued, and lists the sites oldest first', async () => {
    const { agent, id } = await user();
    const first = (
      await add(agent, { userId: id, url: '  https://Example.com  ', name: ' My shop ', platform: 'shopify' }).expect(
        201,
      )
    ).body as Website;
    expect(first).toMatchObject({
      userId: id,
      name: 'My shop',
      url: 'https://example.com/',
      platform: 'shopify',
      isActive: true,
      seoScore: null,
      seo: { status: 'pending', checkedAt: null, checks: [], pages: [], error: null },
      backup: { status: 'idle', documentId: null, pages: null, error: null },
      security: { status: 'idle', checks: [] },
      lastBackup: null,
      blogPosts: 0,
      uptime: null,
      uptimeSince: null,
      isOnline: null,
      wordpress: { configured: false, username: null },
      analytics: {
        visitors: { today: 0, thisMonth: 0 },
        pageViews: { today: 0, thisMonth: 0 },
        bounceRate: 0,
        avgSessionDuration: 0,
      },
    });
    expect(first.siteKey).toMatch(/^[A-Za-z0-9_-]{16,32}$/);
    const second = (await add(agent, { url: 'http://blog.example.org/', name: 'Blog' }).expect(201)).body as Website;
    expect(second.platform).toBeNull();
    expect(second.siteKey).not.toBe(first.siteKey);
    const list = (await agent.get('/api/websites').expect(200)).body as Website[];
    expect(list.map((s) => s.id)).toEqual([first.id, second.id]);
    // The first audit was queued for each (one per site).
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'website.seo-audit' AND (data->'payload'->>'websiteId')::int = ANY($1)`,
      [[first.id, second.id]],
    );
    expect(count).toBe(2);
  });

  it.each([
    [{ name: 'Shop' }, WEBSITE_MESSAGES.urlInvalid],
    [{ name: 'Shop', url: 'not a url' }, WEBSITE_MESSAGES.urlInvalid],
    [{ name: 'Shop', url: 'ftp://example.com' }, WEBSITE_MESSAGES.urlInvalid],
    [{ url: 'https://example.com' }, WEBSITE_MESSAGES.nameRequired],
    [{ url: 'https://example.com', name: '   ' }, WEBSITE_MESSAGES.nameRequired],
    [{ url: 'https://example.com', name: 'Shop', platform: 'joomla' }, WEBSITE_MESSAGES.platformInvalid],
  ])('refuses %j with 400 %s', async (body, message) => {
    const { agent } = await user();
    const response = await add(agent, body).expect(400);
    expect(response.body.message).toContain(message);
    expect((await agent.get('/api/websites').expect(200)).body).toEqual([]);
  });

  it('answers 409 for an address the user already added (another user may add it)', async () => {
    const { agent } = await user();
    await add(agent, { url: 'https://dup.example.com', name: 'One' }).expect(201);
    expect((await add(agent, { url: 'https://DUP.example.com/', name: 'Two' }).expect(409)).body).toEqual({
      message: WEBSITE_MESSAGES.duplicateUrl,
    });
    const other = await user();
    await add(other.agent, { url: 'https://dup.example.com', name: 'Theirs' }).expect(201);
  });

  it("answers 403 for a body with another user's id, and saves nothing", async () => {
    const { agent, id } = await user();
    expect(
      (await add(agent, { userId: id + 1000, url: 'https://example.com', name: 'Shop' }).expect(403)).body,
    ).toEqual({ message: WEBSITE_MESSAGES.otherUser });
    expect((await agent.get('/api/websites').expect(200)).body).toEqual([]);
  });

  it('edits the settings; WordPress credentials are stored encrypted and never answered; null removes them', async () => {
    const { agent, id: userId } = await user();
    const site = (await add(agent, { url: 'https://settings.example.com', name: 'Before' }).expect(201))
      .body as Website;
    const password = 'wxyz 1234 ABCD 5678';
    const edited = await agent
      .patch(`/api/websites/${site.id}`)
      .send({
        name: 'After',
        platform: 'wordpress',
        isActive: false,
        wordpress: { username: 'editor', applicationPassword: password },
      })
      .expect(200);
    expect(edited.body).toMatchObject({
      name: 'After',
      platform: 'wordpress',
      isActive: false,
      url: 'https://settings.example.com/',
      wordpress: { configured: true, username: 'editor' },
    });
    expect(JSON.stringify(edited.body)).not.toContain(password);
    expect(JSON.stringify((await agent.get('/api/websites').expect(200)).body)).not.toContain(password);
    const [row] = await db.query(`SELECT "wordpressCredentials" FROM websites WHERE id = $1 AND "userId" = $2`, [
      site.id,
      userId,
    ]);
    expect(row.wordpressCredentials).toMatch(/^v1:/);
    expect(row.wordpressCredentials).not.toContain(password);

    const removed = (await agent.patch(`/api/websites/${site.id}`).send({ wordpress: null }).expect(200))
      .body as Website;
    expect(removed.wordpress).toEqual({ configured: false, username: null });
    expect(
      (await agent.patch(`/api/websites/${site.id}`).send({ platform: 'drupal' }).expect(400)).body.message,
    ).toContain(WEBSITE_MESSAGES.platformInvalid);
    expect((await agent.patch(`/api/websites/${site.id}`).send({}).expect(400)).body.message).toContain(
      'Send a field to change',
    );
    expect(
      (
        await agent
          .patch(`/api/websites/${site.id}`)
          .send({ wordpress: { username: 'editor' } })
          .expect(400)
      ).body.message,
    ).toContain('WordPress application password is required');
  });

  it('removes a site (204) with its blog posts; then it answers 404', async () => {
    const { agent } = await user();
    const site = (await add(agent, { url: 'https://gone.example.com', name: 'Gone' }).expect(201)).body as Website;
    await agent
      .post(`/api/websites/${site.id}/blog`)
      .send({ topic: 'Spring sale', keywords: ['sale'] })
      .expect(201);
    await agent.delete(`/api/websites/${site.id}`).expect(204);
    expect((await agent.get('/api/websites').expect(200)).body).toEqual([]);
    expect((await agent.delete(`/api/websites/${site.id}`).expect(404)).body).toEqual({
      message: WEBSITE_MESSAGES.notFound,
    });
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM website_blog_posts WHERE "websiteId" = $1`, [site.id]))[0].n,
    ).toBe(0);
  });

  it("answers 404 for another user's site on every route, exactly as for a missing one, and changes nothing", async () => {
    const owner = await user();
    const site = (await add(owner.agent, { url: 'https://mine.example.com', name: 'Mine' }).expect(201))
      .body as Website;
    const stranger = await user();
    const calls = [
      () => stranger.agent.patch(`/api/websites/${site.id}`).send({ name: 'Taken' }),
      () => stranger.agent.delete(`/api/websites/${site.id}`),
      () => stranger.agent.post(`/api/websites/${site.id}/seo-audit`),
      () => stranger.agent.post(`/api/websites/${site.id}/security-check`),
      () => stranger.agent.post(`/api/websites/${site.id}/backup`),
      () => stranger.agent.post(`/api/websites/${site.id}/blog`).send({ topic: 'Taken', keywords: ['x'] }),
      () => stranger.agent.get(`/api/websites/${site.id}/blog-posts`),
    ];
    for (const call of calls) expect((await call().expect(404)).body).toEqual({ message: WEBSITE_MESSAGES.notFound });
    expect((await siteOf(owner.agent, site.id)).name).toBe('Mine');
    expect((await stranger.agent.get('/api/websites').expect(200)).body).toEqual([]);
  });

  it('finds sites by name or address in the header search, linking to the Website Manager', async () => {
    const { agent } = await user();
    const site = (await add(agent, { url: 'https://pottery-corner.example.com', name: 'Zebra Ceramics' }).expect(201))
      .body as Website;
    for (const q of ['zebra', 'pottery-corner']) {
      const { results } = (await agent.get('/api/search').query({ q }).expect(200)).body as SearchResponse;
      expect(results).toContainEqual(
        expect.objectContaining({
          module: 'website',
          type: 'website',
          id: site.id,
          title: 'Zebra Ceramics',
          link: '/website',
        }),
      );
    }
    const other = await user();
    expect(
      ((await other.agent.get('/api/search').query({ q: 'zebra' }).expect(200)).body as SearchResponse).results,
    ).toEqual([]);
  });
});

describe('the analytics chart', () => {
  it('answers visitors and page views per day, oldest first, 30 days by default with quiet days as zeros', async () => {
    const { agent } = await user();
    const site = (await add(agent, { url: 'https://chart.example.com', name: 'Chart' }).expect(201)).body as Website;
    // Two page views by one visitor today, written as the collector writes them.
    await db.query(
      `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname) VALUES ($1, 42, now(), '/'), ($1, 42, now(), '/pricing')`,
      [site.id],
    );
    const days = (await agent.get(`/api/websites/${site.id}/analytics`).expect(200)).body as {
      date: string;
      visitors: number;
      pageViews: number;
    }[];
    expect(days).toHaveLength(30);
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(days.at(-1)).toMatchObject({ visitors: 1, pageViews: 2 });
    expect(days.slice(0, -1).every((d) => d.visitors === 0 && d.pageViews === 0)).toBe(true);
    expect((await agent.get(`/api/websites/${site.id}/analytics?days=7`).expect(200)).body).toHaveLength(7);
    for (const bad of ['0', '91', 'abc', '2.5']) {
      expect((await agent.get(`/api/websites/${site.id}/analytics?days=${bad}`).expect(400)).body).toMatchObject({
        message: 'days must be a whole number from 1 to 90',
      });
    }
    const other = await user();
    expect((await other.agent.get(`/api/websites/${site.id}/analytics`).expect(404)).body).toEqual({
      message: WEBSITE_MESSAGES.notFound,
    });
  });
});

describe('SEO audit', () => {
  it('scores the good site 90 or more with every check passed, and the poor one below 70 with the failing checks and what to do', async () => {
    const { agent } = await user();
    const good = await addedSite(agent, sites.good.url, 'Good');
    const poor = await addedSite(agent, sites.poor.url, 'Poor');

    expect(good.seo.status).toBe('completed');
    expect(good.seo.checks.map((c) => c.id)).toEqual(SEO_CHECKS.map((c) => c.id));
    expect(good.seo.checks.filter((c) => !c.passed)).toEqual([]);
    expect(good.seoScore).toBeGreaterThanOrEqual(90);
    expect(good.seoScore).toBe(good.seo.checks.reduce((sum, c) => sum + c.points, 0));
    expect(good.seo.checks.every((c) => c.recommendation === null)).toBe(true);
    expect(good.seo.checkedAt).not.toBeNull();

    expect(poor.seo.status).toBe('completed');
    expect(poor.seoScore).toBeLessThan(70);
    expect(poor.seoScore).toBe(poor.seo.checks.reduce((sum, c) => sum + c.points, 0));
    const failing = poor.seo.checks.filter((c) => !c.passed);
    expect(failing.map((c) => c.id).sort()).toEqual(
      [
        'brokenLinks',
        'canonical',
        'h1',
        'https',
        'imageAlt',
        'lang',
        'metaDescription',
        'robots',
        'sitemap',
        'title',
        'viewport',
      ].sort(),
    );
    expect(failing.every((c) => typeof c.recommendation === 'string' && c.recommendation.length > 20)).toBe(true);
    const check = (id: string) => poor.seo.checks.find((c) => c.id === id)!;
    expect(check('title')).toMatchObject({ points: 6, max: 12, detail: expect.stringContaining('4 characters') });
    expect(check('h1').detail).toContain('2 <h1>');
    expect(check('imageAlt').detail).toBe('0 of 3 images have alt text; missing on a.png, b.png, c.png');
    expect(check('brokenLinks').detail).toMatch(
      /2 of 3 internal links checked are broken: .*\/missing \(404\).*\/broken \(500\)/,
    );
    expect(check('robots').detail).toContain('HTTP 404');
    // The audit asked for the poor site's internal links.
    expect(sites.poor.paths()).toEqual(
      expect.arrayContaining(['/', '/robots.txt', '/sitemap.xml', '/ok', '/missing', '/broken']),
    );
  });

  it('audits again on request (202 pending)', async () => {
    const { agent } = await user();
    const site = await addedSite(agent, sites.good.url, 'Good');
    const started = (await agent.post(`/api/websites/${site.id}/seo-audit`).expect(202)).body as Website;
    expect(started.seo.status).toBe('pending');
    const audited = await settled(agent, site.id, 'seo');
    expect(audited.seo.status).toBe('completed');
    expect(new Date(audited.seo.checkedAt!).getTime()).toBeGreaterThan(new Date(site.seo.checkedAt!).getTime());
  });

  it('fails with the reason and a notification when the site is down', async () => {
    const { agent } = await user();
    sites.flaky.down('503');
    try {
      const site = (await add(agent, { url: sites.flaky.url, name: 'Flaky' }).expect(201)).body as Website;
      const failed = await settled(agent, site.id, 'seo');
      expect(failed.seo).toMatchObject({ status: 'failed', error: `${sites.flaky.url} answered HTTP 503` });
      expect(failed.seoScore).toBeNull();
      const notifications = ((await agent.get('/api/notifications').expect(200)).body as NotificationList).items;
      expect(notifications).toContainEqual(
        expect.objectContaining({ title: 'SEO audit failed: Flaky', body: `${sites.flaky.url} answered HTTP 503` }),
      );

      sites.flaky.down('closed');
      await agent.post(`/api/websites/${site.id}/seo-audit`).expect(202);
      expect((await settled(agent, site.id, 'seo')).seo.error).toBe(
        `${sites.flaky.url} could not be reached: connection closed by the server`,
      );
    } finally {
      sites.flaky.up();
    }
  });

  it('re-audits active sites not audited for a day on the daily run, not inactive or recent ones', async () => {
    const { agent } = await user();
    const stale = await addedSite(agent, sites.good.url, 'Stale');
    const inactive = await addedSite(agent, `${sites.good.origin}/about`, 'Inactive');
    const recent = await addedSite(agent, `${sites.good.origin}/blog/`, 'Recent');
    await agent.patch(`/api/websites/${inactive.id}`).send({ isActive: false }).expect(200);
    await db.query(`UPDATE websites SET "seoCheckedAt" = now() - interval '2 days' WHERE id = ANY($1)`, [
      [stale.id, inactive.id],
    ]);
    await t.app.get(WebsiteChecksService).queueDueAudits();
    const statuses = await db.query(`SELECT id, "seoStatus" FROM websites WHERE id = ANY($1) ORDER BY id`, [
      [stale.id, inactive.id, recent.id],
    ]);
    // The stale one is queued (a worker may already have claimed it); the others are left alone.
    expect(['pending', 'running']).toContain(statuses[0].seoStatus);
    expect(statuses.slice(1).map((row: { seoStatus: string }) => row.seoStatus)).toEqual(['completed', 'completed']);
    expect((await settled(agent, stale.id, 'seo')).seo.status).toBe('completed');
    const checked = await db.query(
      `SELECT id, "seoCheckedAt" > now() - interval '1 hour' AS fresh FROM websites WHERE id = ANY($1) ORDER BY id`,
      [[stale.id, inactive.id]],
    );
    expect(checked.map((row: { fresh: boolean }) => row.fresh)).toEqual([true, false]);
  });
});

it('refuses a second SEO audit, backup or security check of a site while one is pending or running (409), and accepts it again once done', async () => {
  const { agent } = await user();
  const site = (await add(agent, { url: sites.flaky.url, name: 'Slow' }).expect(201)).body as Website;
  await settled(agent, site.id, 'seo');
  sites.flaky.slow(1_500);
  try {
    for (const [path, kind, message] of [
      ['seo-audit', 'seo', WEBSITE_MESSAGES.auditRunning],
      ['backup', 'backup', WEBSITE_MESSAGES.backupRunning],
      ['security-check', 'security', WEBSITE_MESSAGES.securityRunning],
    ] as const) {
      expect(((await agent.post(`/api/websites/${site.id}/${path}`).expect(202)).body as Website)[kind].status).toBe(
        'pending',
      );
      expect((await agent.post(`/api/websites/${site.id}/${path}`).expect(409)).body).toEqual({ message });
      expect((await settled(agent, site.id, kind))[kind].status).toBe('completed');
    }
    await agent.post(`/api/websites/${site.id}/seo-audit`).expect(202);
  } finally {
    sites.flaky.up();
  }
  await settled(agent, site.id, 'seo');
});

describe('security check', () => {
  it('passes every check on the good site and names what the poor one lacks', async () => {
    const { agent } = await user();
    const good = await addedSite(agent, sites.good.url, 'Good');
    const poor = await addedSite(agent, sites.poor.url, 'Poor');
    expect((await agent.post(`/api/websites/${good.id}/security-check`).expect(202)).body.security.status).toBe(
      'pending',
    );
    await agent.post(`/api/websites/${poor.id}/security-check`).expect(202);

    const goodChecked = await settled(agent, good.id, 'security');
    expect(goodChecked.security.status).toBe('completed');
    expect(goodChecked.security.checks.map((c) => c.id)).toEqual(SECURITY_CHECKS.map((c) => c.id));
    expect(goodChecked.security.checks.filter((c) => !c.passed)).toEqual([]);

    const poorChecked = await settled(agent, poor.id, 'security');
    const failing = poorChecked.security.checks.filter((c) => !c.passed);
    expect(failing.map((c) => c.id)).toEqual([
      'https',
      'hsts',
      'csp',
      'contentTypeOptions',
      'frameOptions',
      'referrerPolicy',
      'mixedContent',
      'serverVersion',
    ]);
    expect(failing.every((c) => c.recommendation)).toBe(true);
    expect(failing.find((c) => c.id === 'serverVersion')!.detail).toContain('Server: Apache/2.4.1 (Unix)');
  });
});

describe('backup', () => {
  async function download(agent: Agent, documentId: number): Promise<Record<string, Uint8Array>> {
    const response = await agent
      .get(`/api/documents/${documentId}/download`)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return unzipSync(new Uint8Array(response.body as Buffer));
  }

  it("archives the site's pages, styles and images as a document, within its origin, depth and robots.txt", async () => {
    const { agent } = await user();
    const site = await addedSite(agent, sites.good.url, 'Good');
    const poorRequests = sites.poor.requests.length;
    const started = (await agent.post(`/api/websites/${site.id}/backup`).send({}).expect(202)).body as Website;
    expect(started.backup.status).toBe('pending');

    const backedUp = await settled(agent, site.id, 'backup');
    expect(backedUp.backup).toMatchObject({ status: 'completed', error: null, documentId: expect.any(Number) });
    expect(backedUp.lastBackup).not.toBeNull();

    const files = await download(agent, backedUp.backup.documentId!);
    const names = Object.keys(files).sort();
    const pages = [
      'index.html',
      'about/index.html',
      'blog/index.html',
      'blog/first-firing/index.html',
      'deep/1/index.html',
      'deep/2/index.html',
      'deep/3/index.html',
    ];
    expect(names.filter((name) => !/^logo_[0-9a-f]{8}\.png$/.test(name))).toEqual(
      [...pages, 'backup.json', 'logo.png', 'style.css'].sort(),
    );
    // The image with a query string is kept beside the plain one.
    expect(names.filter((name) => /^logo_[0-9a-f]{8}\.png$/.test(name))).toHaveLength(1);
    expect(backedUp.backup.pages).toBe(pages.length);
    expect(new TextDecoder().decode(files['about/index.html'])).toContain('<h1>About the Clay & Kiln studio</h1>');
    const manifest = JSON.parse(new TextDecoder().decode(files['backup.json'])) as {
      pages: number;
      skipped: { url: string; reason: string }[];
    };
    expect(manifest.pages).toBe(pages.length);
    expect(manifest.skipped).toContainEqual({
      url: `${sites.good.origin}/private/secret`,
      reason: 'disallowed by robots.txt',
    });

    // Depth 3 is the last followed; robots.txt kept it out of /private/; the other origin was never asked.
    expect(sites.good.paths()).not.toContain('/deep/4');
    expect(sites.poor.requests.length).toBe(poorRequests);

    // A document in the 'Website backups' folder, downloadable like any other.
    const documents = (await agent.get('/api/documents').expect(200)).body as {
      id: number;
      originalName: string;
      mimeType: string;
      folderId: number | null;
      category: string;
    }[];
    const document = documents.find((d) => d.id === backedUp.backup.documentId);
    expect(document).toMatchObject({
      mimeType: 'application/zip',
      category: 'Reference',
      originalName: expect.stringMatching(/^127\.0\.0\.1-\d+-backup-\d{4}-\d{2}-\d{2}-\d{4}\.zip$/),
    });
    const folders = (await agent.get('/api/document-folders').expect(200)).body as { id: number; name: string }[];
    expect(folders.find((f) => f.id === document!.folderId)?.name).toBe('Website backups');
    const notifications = ((await agent.get('/api/notifications').expect(200)).body as NotificationList).items;
    expect(notifications.map((n) => n.title)).toContain('Backup finished: Good');
  });

  it(`keeps at most ${WEBSITE_CRAWL_LIMITS.backupPages} pages`, async () => {
    const wide = await sites.startGood({ archivePages: 60 });
    const { agent } = await user();
    const site = await addedSite(agent, wide.url, 'Wide');
    await agent.post(`/api/websites/${site.id}/backup`).expect(202);
    const backedUp = await settled(agent, site.id, 'backup');
    expect(backedUp.backup).toMatchObject({ status: 'completed', pages: WEBSITE_CRAWL_LIMITS.backupPages });
    const htmlFiles = Object.keys(await download(agent, backedUp.backup.documentId!)).filter((name) =>
      name.endsWith('.html'),
    );
    expect(htmlFiles).toHaveLength(WEBSITE_CRAWL_LIMITS.backupPages);
  });

  it('fails with the reason when the site is down, and keeps no document', async () => {
    const { agent } = await user();
    const site = (await add(agent, { url: sites.flaky.url, name: 'Flaky' }).expect(201)).body as Website;
    await settled(agent, site.id, 'seo');
    sites.flaky.down('503');
    try {
      await agent.post(`/api/websites/${site.id}/backup`).expect(202);
      const failed = await settled(agent, site.id, 'backup');
      expect(failed.backup).toMatchObject({
        status: 'failed',
        documentId: null,
        error: `${sites.flaky.url} could not be reached: HTTP 503`,
      });
      expect(failed.lastBackup).toBeNull();
      expect((await agent.get('/api/documents').expect(200)).body).toEqual([]);
    } finally {
      sites.flaky.up();
    }
  });
});

describe('blog posts', () => {
  it('writes a post offline around the keywords, kept as a draft and counted on the site', async () => {
    const { agent, id } = await user();
    const site = (await add(agent, { url: 'https://blog-offline.example.com', name: 'Offline blog' }).expect(201))
      .body as Website;
    const pending = (
      await agent
        .post(`/api/websites/${site.id}/blog`)
        .send({ userId: id, topic: 'Caring for handmade mugs', keywords: ['glaze', 'Dishwasher', 'glaze '] })
        .expect(201)
    ).body as BlogPost;
    expect(pending).toMatchObject({
      websiteId: site.id,
      topic: 'Caring for handmade mugs',
      keywords: ['glaze', 'Dishwasher'],
      status: 'pending',
      title: null,
      content: null,
    });

    const post = await blogPostOf(agent, site.id, pending.id);
    expect(post).toMatchObject({
      status: 'draft',
      title: 'Caring for handmade mugs',
      method: expect.stringContaining('template'),
      wordpressUrl: null,
      error: null,
    });
    // No reports or documents on the topic: an honest note, no skeleton, nothing invented.
    expect(post.content).toContain('has no material yet');
    expect(post.content).toContain('glaze and Dishwasher');
    expect(post.content).not.toMatch(/\d|“|"|\[/);
    expect((await siteOf(agent, site.id)).blogPosts).toBe(1);

    // A failed post is not counted.
    await db.query(`UPDATE website_blog_posts SET status = 'failed' WHERE id = $1`, [post.id]);
    expect((await siteOf(agent, site.id)).blogPosts).toBe(0);
  });

  it("writes from the user's own research report on the topic, citing the pages it cited, and no one else's", async () => {
    const { agent, id } = await user();
    const other = await user();
    const sources = JSON.stringify([
      {
        number: 1,
        kind: 'web',
        title: 'Glaze care',
        url: 'https://pottery.example.org/glaze',
        site: 'pottery.example.org',
      },
    ]);
    const report = `## Glaze\n\nA food-safe glaze keeps its shine when mugs are washed by hand in warm water [1].`;
    for (const owner of [id, other.id])
      await db.query(
        `INSERT INTO research_reports ("userId", topic, status, progress, content, sources, "completedAt") VALUES ($1, $2, 'completed', 100, $3, $4, now())`,
        [
          owner,
          owner === id ? 'Mug glaze care' : 'Glaze secrets',
          owner === id ? report : 'Glaze cracks in the kiln when it cools too fast [1].',
          sources,
        ],
      );
    const site = (await add(agent, { url: 'https://blog-material.example.com', name: 'Mugs' }).expect(201))
      .body as Website;
    const pending = (
      await agent
        .post(`/api/websites/${site.id}/blog`)
        .send({ topic: 'Caring for handmade mugs', keywords: ['glaze'] })
        .expect(201)
    ).body as BlogPost;
    const post = await blogPostOf(agent, site.id, pending.id);
    expect(post.content).toContain('## Glaze');
    expect(post.content).toContain('A food-safe glaze keeps its shine when mugs are washed by hand in warm water [1].');
    expect(post.content).toContain('1. [Glaze care (pottery.example.org)](https://pottery.example.org/glaze)');
    expect(post.content).not.toContain('kiln');
  });

  it('lists the posts newest first', async () => {
    const { agent } = await user();
    const site = (await add(agent, { url: 'https://blog-list.example.com', name: 'List' }).expect(201)).body as Website;
    const first = (
      await agent
        .post(`/api/websites/${site.id}/blog`)
        .send({ topic: 'First', keywords: ['one'] })
        .expect(201)
    ).body as BlogPost;
    const second = (
      await agent
        .post(`/api/websites/${site.id}/blog`)
        .send({ topic: 'Second', keywords: ['two'] })
        .expect(201)
    ).body as BlogPost;
    const posts = (await agent.get(`/api/websites/${site.id}/blog-posts`).expect(200)).body as BlogPost[];
    expect(posts.map((p) => p.id)).toEqual([second.id, first.id]);
  });

  it.each([
    [{ keywords: ['x'] }, WEBSITE_MESSAGES.topicRequired],
    [{ topic: 'T' }, WEBSITE_MESSAGES.keywordsRequired],
    [{ topic: 'T', keywords: [] }, WEBSITE_MESSAGES.keywordsRequired],
    [{ topic: 'T', keywords: ['  '] }, WEBSITE_MESSAGES.keywordBlank],
  ])('refuses %j with 400 %s', async (body, message) => {
    const { agent } = await user();
    const site = (await add(agent, { url: 'https://blog-bad.example.com', name: 'Bad' }).expect(201)).body as Website;
    expect((await agent.post(`/api/websites/${site.id}/blog`).send(body).expect(400)).body.message).toContain(message);
  });

  it("answers 403 for another user's id in the body, and writes nothing", async () => {
    const { agent, id } = await user();
    const site = (await add(agent, { url: 'https://blog-403.example.com', name: 'Mine' }).expect(201)).body as Website;
    expect(
      (
        await agent
          .post(`/api/websites/${site.id}/blog`)
          .send({ userId: id + 1, topic: 'T', keywords: ['k'] })
          .expect(403)
      ).body,
    ).toEqual({ message: WEBSITE_MESSAGES.otherUser });
    expect((await agent.get(`/api/websites/${site.id}/blog-posts`).expect(200)).body).toEqual([]);
  });

  it('sends the post to WordPress as a draft with the application password (Basic auth), and keeps the link', async () => {
    const { agent, id } = await user();
    // The material the post is written from: the user's research report on the topic.
    await db.query(
      `INSERT INTO research_reports ("userId", topic, status, progress, content, "completedAt") VALUES ($1, 'Glazing at home', 'completed', 100, $2, now())`,
      [
        id,
        'A small electric kiln reaches glaze temperature in about eight hours. Wear a dust mask when you mix dry glaze powder, for your safety.',
      ],
    );
    const site = await addedSite(agent, sites.good.url, 'WordPress site');
    const { username, applicationPassword } = sites.good.wordpress;
    await agent
      .patch(`/api/websites/${site.id}`)
      .send({ platform: 'wordpress', wordpress: { username, applicationPassword } })
      .expect(200);
    const sent = sites.good.wordpress.posts.length;
    const pending = (
      await agent
        .post(`/api/websites/${site.id}/blog`)
        .send({ topic: 'Glazing at home', keywords: ['kiln', 'safety'] })
        .expect(201)
    ).body as BlogPost;
    const post = await waitFor(async () => {
      const p = await blogPostOf(agent, site.id, pending.id);
      return p.wordpressUrl || p.error ? p : undefined;
    });
    expect(post).toMatchObject({ status: 'draft', error: null });
    const created = sites.good.wordpress.posts[sent];
    expect(created).toMatchObject({
      title: 'Glazing at home',
      status: 'draft',
      authorization: `Basic ${Buffer.from(`${username}:${applicationPassword}`).toString('base64')}`,
    });
    expect(created.content).toContain('<h2>Kiln</h2>');
    // The site's own page on the topic is quoted, linked to its address.
    expect(created.content).toContain('Our electric kiln took nine hours to reach glaze temperature');
    expect(created.content).toContain(`${sites.good.origin}/blog/first-firing`);
    expect(created.content).toContain('<h2>Safety</h2>');
    expect(created.content).not.toContain('##');
    expect(post.wordpressUrl).toBe(`${sites.good.origin}/?p=${created.id}`);
  });

  it('keeps the post with the reason and notifies the user when WordPress refuses the credentials', async () => {
    const { agent } = await user();
    const site = await addedSite(agent, sites.good.url, 'Wrong password');
    await agent
      .patch(`/api/websites/${site.id}`)
      .send({ wordpress: { username: 'editor', applicationPassword: 'wrong' } })
      .expect(200);
    const pending = (
      await agent
        .post(`/api/websites/${site.id}/blog`)
        .send({ topic: 'Studio news', keywords: ['news'] })
        .expect(201)
    ).body as BlogPost;
    const post = await waitFor(async () => {
      const p = await blogPostOf(agent, site.id, pending.id);
      return p.error ? p : undefined;
    });
    expect(post).toMatchObject({
      status: 'draft',
      wordpressUrl: null,
      content: expect.stringContaining('Studio news'),
    });
    expect(post.error).toContain('WordPress refused the credentials (HTTP 401)');
    const notifications = ((await agent.get('/api/notifications').expect(200)).body as NotificationList).items;
    expect(notifications).toContainEqual(
      expect.objectContaining({
        title: 'Blog post not sent to WordPress: Studio news',
        body: expect.stringContaining('kept as a draft'),
      }),
    );
    expect((await siteOf(agent, site.id)).blogPosts).toBe(1);
  });
});

describe('publishing blog posts (issue 27)', () => {
  /** A site with the fake WordPress's credentials and a post written and sent there as a draft. */
  async function wordpressDraft(topic: string) {
    const owner = await user();
    const site = (await add(owner.agent, { url: sites.good.url, name: 'Publishing' }).expect(201)).body as Website;
    const { username, applicationPassword } = sites.good.wordpress;
    await owner.agent
      .patch(`/api/websites/${site.id}`)
      .send({ platform: 'wordpress', wordpress: { username, applicationPassword } })
      .expect(200);
    const pending = (
      await owner.agent
        .post(`/api/websites/${site.id}/blog`)
        .send({ topic, keywords: ['kiln'] })
        .expect(201)
    ).body as BlogPost;
    const post = await waitFor(async () => {
      const p = await blogPostOf(owner.agent, site.id, pending.id);
      return p.wordpressUrl || p.error ? p : undefined;
    });
    expect(post).toMatchObject({ status: 'draft', error: null });
    const onWordPress = sites.good.wordpress.posts.find((p) => post.wordpressUrl === `${sites.good.origin}/?p=${p.id}`);
    if (!onWordPress) throw new Error(`blog post ${post.id} is not on the fake WordPress`);
    return { ...owner, site, post, onWordPress };
  }

  it("publishes the WordPress draft and keeps WordPress's live link; only the owner can, and only once", async () => {
    const { agent, post, onWordPress } = await wordpressDraft('Firing schedules');
    const stranger = await user();
    const missing = await stranger.agent.post(`/api/websites/blog-posts/${post.id}/publish`).expect(404);
    expect(missing.body.message).toBe(WEBSITE_MESSAGES.blogPostNotFound);
    expect(onWordPress.status).toBe('draft');

    const published = (await agent.post(`/api/websites/blog-posts/${post.id}/publish`).expect(201)).body as BlogPost;
    expect(published).toMatchObject({
      id: post.id,
      status: 'published',
      wordpressUrl: `${sites.good.origin}/blog/post-${onWordPress.id}/`,
      error: null,
    });
    expect(onWordPress.status).toBe('publish');
    // The promotion links the live address.
    const promotion = (await agent.get(`/api/websites/blog-posts/${post.id}/promotion`).expect(200)).body as {
      url: string;
    };
    expect(promotion.url).toBe(`${sites.good.origin}/blog/post-${onWordPress.id}/`);
    const again = await agent.post(`/api/websites/blog-posts/${post.id}/publish`).expect(400);
    expect(again.body.message).toBe(WEBSITE_MESSAGES.blogPostNotPublishable);
  });

  it('refuses a post not written yet, a site without WordPress, and keeps the post when WordPress refuses', async () => {
    const { agent, id, site, post, onWordPress } = await wordpressDraft('Glaze recipes');
    const [unwritten] = await db.query(
      `INSERT INTO website_blog_posts ("websiteId", "userId", topic, status) VALUES ($1, $2, 'Later', 'pending') RETURNING id`,
      [site.id, id],
    );
    const notWritten = await agent.post(`/api/websites/blog-posts/${unwritten.id}/publish`).expect(400);
    expect(notWritten.body.message).toBe(WEBSITE_MESSAGES.blogPostNotPublishable);

    await agent
      .patch(`/api/websites/${site.id}`)
      .send({ wordpress: { username: 'editor', applicationPassword: 'wrong' } })
      .expect(200);
    const refused = await agent.post(`/api/websites/blog-posts/${post.id}/publish`).expect(400);
    expect(refused.body.message).toContain('WordPress refused the credentials (HTTP 401)');
    const posts = (await agent.get(`/api/websites/${site.id}/blog-posts`).expect(200)).body as BlogPost[];
    expect(posts.find((p) => p.id === post.id)).toMatchObject({ status: 'draft', wordpressUrl: post.wordpressUrl });
    expect(onWordPress.status).toBe('draft');

    await agent.patch(`/api/websites/${site.id}`).send({ wordpress: null }).expect(200);
    const noWordPress = await agent.post(`/api/websites/blog-posts/${post.id}/publish`).expect(400);
    expect(noWordPress.body.message).toBe(WEBSITE_MESSAGES.blogPostNoWordPress);
  });

  it('notices a draft published in WordPress itself and tells its owner once, even checked twice at once', async () => {
    const { agent, site, post, onWordPress } = await wordpressDraft('Kiln maintenance');
    const other = await wordpressDraft('Kiln shelves');
    onWordPress.status = 'publish'; // the person published it in WordPress
    const blog = t.app.get(WebsiteBlogService);
    await Promise.all([blog.checkLiveDrafts(), blog.checkLiveDrafts()]);
    await blog.checkLiveDrafts();

    const posts = (await agent.get(`/api/websites/${site.id}/blog-posts`).expect(200)).body as BlogPost[];
    expect(posts.find((p) => p.id === post.id)).toMatchObject({
      status: 'published',
      wordpressUrl: `${sites.good.origin}/blog/post-${onWordPress.id}/`,
    });
    const notifications = ((await agent.get('/api/notifications').expect(200)).body as NotificationList).items;
    const live = notifications.filter(
      (n) => n.title === 'Your post “Kiln maintenance” is live. Promote it on social media',
    );
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ link: `/website?promote=${post.id}` });
    // The other user's draft, still a draft in WordPress, stays one.
    const others = (await other.agent.get(`/api/websites/${other.site.id}/blog-posts`).expect(200)).body as BlogPost[];
    expect(others.find((p) => p.id === other.post.id)).toMatchObject({ status: 'draft' });
  });
});
