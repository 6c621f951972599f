import {
  act,
  allByText,
  button,
  byText,
  click,
  cleanup,
  mockFetch,
  renderScreen,
  route,
  settle,
  testUser,
  type,
  waitFor,
} from '@aide/testing';
import { endpointUrl } from '@aide/api-client';
import {
  type EndpointDefinition,
  planQuotaMessage,
  WEBSITE_MESSAGES,
  type Website,
  websitesEndpoints,
} from '@aide/contracts';
import { aBlogPost, aSecurityCheck, aSeoCheck, aSite, someAnalytics, someDays } from '../../test/factories';
import WebsitePage from './WebsitePage';

afterEach(cleanup);

/** A mockFetch route pattern: the endpoint's method and filled path. */
const routeOf = (definition: EndpointDefinition, params?: Record<string, number>) =>
  `${definition.method} ${endpointUrl(definition, params)}`;
const LIST = routeOf(websitesEndpoints.list);

const dialog = () =>
  document.body.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!;
const field = (label: string) =>
  document.getElementById(byText(label, 'label').getAttribute('for')!) as HTMLInputElement;
const cardOf = (site: Website) => document.body.querySelector<HTMLElement>(`[data-testid="website-${site.id}"]`)!;
const inCard = (site: Website, text: string) =>
  Array.from(cardOf(site).querySelectorAll('button')).find((b) => b.textContent?.trim() === text)!;
const inDialog = (text: string, within = dialog()) =>
  Array.from(within.querySelectorAll('button')).find((b) => b.textContent?.trim() === text)!;
const tile = (title: string) =>
  byText(title, '.ant-statistic-title').closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent;
const activeTab = (site: Website) => cardOf(site).querySelector('.ant-tabs-tab-active')!.textContent;
const metric = (site: Website, id: string) => cardOf(site).querySelector(`[data-testid="${id}"]`)!.textContent;

/** The sites, each with an empty 30-day series unless `days` says otherwise. */
async function screen(sites: Website[] = [], days: Record<number, ReturnType<typeof someDays>> = {}) {
  const fetch = mockFetch(route(LIST, { body: sites }), (call) => {
    const match = /^\/api\/websites\/(\d+)\/analytics\?days=30$/.exec(call.url);
    return call.method === 'GET' && match ? { body: days[Number(match[1])] ?? someDays(30) } : undefined;
  });
  const rendered = renderScreen(<WebsitePage />, { path: '/website' });
  await waitFor(
    () => !document.body.querySelector('[aria-busy="true"]') && !document.body.querySelector('.ant-skeleton'),
  );
  return { ...fetch, ...rendered };
}

async function openTab(site: Website, tab: string) {
  await click(
    Array.from(cardOf(site).querySelectorAll<HTMLElement>('.ant-tabs-tab-btn')).find((t) => t.textContent === tab)!,
  );
}

async function keyDown(element: HTMLElement, key: string) {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

async function pickOption(select: Element, option: string) {
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const found = () => [
    ...allByText(option, '.ant-select-item-option-content'),
    ...allByText(option, '.ant-select-item-option-content *'),
  ];
  await waitFor(() => found().length > 0);
  const options = found();
  await click(options[options.length - 1]);
}

async function confirmDialog(okText: string) {
  await waitFor(() => document.body.querySelector('.ant-modal-confirm'));
  await click(
    Array.from(document.body.querySelectorAll('.ant-modal-confirm button')).find((b) => b.textContent === okText)!,
  );
}

describe('WebsitePage: the list', () => {
  it('shows the header, its buttons and the summary cards', async () => {
    const { calls } = await screen([
      aSite({
        seoScore: 92,
        analytics: someAnalytics({ visitors: { today: 3, thisMonth: 1200 }, pageViews: { today: 5, thisMonth: 3000 } }),
      }),
      aSite({
        seoScore: null,
        analytics: someAnalytics({ visitors: { today: 0, thisMonth: 34 }, pageViews: { today: 0, thisMonth: 56 } }),
      }),
      aSite({ seoScore: 71 }),
    ]);
    expect(calls[0]).toMatchObject({ method: 'GET', url: endpointUrl(websitesEndpoints.list) });
    expect(byText('Website Manager', 'h1')).toBeTruthy();
    expect(button('Create Blog Post')).toBeTruthy();
    expect(button('Add Website')).toBeTruthy();
    expect(tile('Websites')).toBe('3');
    expect(tile('Monthly Visitors')).toBe('1,234');
    expect(tile('Page Views')).toBe('3,056');
    // The mean of the audited sites only: (92 + 71) / 2.
    expect(tile('Avg SEO Score')).toBe('82/100');
  });

  it("shows '—' as the average SEO score when no site is audited", async () => {
    await screen([aSite()]);
    expect(tile('Avg SEO Score')).toBe('—');
  });

  it('shows each card with its name, platform badge, link to the site and Active/Inactive badge', async () => {
    const shop = aSite({ name: 'My Shop', url: 'https://shop.example.com/', platform: 'shopify', isActive: true });
    const old = aSite({ name: 'Old Blog', platform: null, isActive: false });
    await screen([shop, old]);
    expect(cardOf(shop).querySelector('h2')!.textContent).toBe('My Shop');
    expect(cardOf(shop).querySelector('[data-testid="platform"]')!.textContent).toBe('Shopify');
    expect(cardOf(shop).querySelector('[data-testid="active"]')!.textContent).toBe('Active');
    const link = cardOf(shop).querySelector<HTMLAnchorElement>('[data-testid="url"]')!;
    expect(link.getAttribute('href')).toBe('https://shop.example.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('shop.example.com');
    expect(cardOf(old).querySelector('[data-testid="platform"]')).toBeNull();
    expect(cardOf(old).querySelector('[data-testid="active"]')!.textContent).toBe('Inactive');
    expect(Array.from(cardOf(shop).querySelectorAll('.ant-tabs-tab-btn')).map((t) => t.textContent)).toEqual([
      'Analytics',
      'SEO',
      'Performance',
      'Actions',
    ]);
  });

  it("says 'Loading websites...' while the list loads", async () => {
    let answer: (value: Response) => void = () => undefined;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
    renderScreen(<WebsitePage />, { path: '/website' });
    await settle();
    expect(document.body.querySelector('[aria-busy="true"]')!.getAttribute('aria-label')).toBe('Loading websites...');
    expect(allByText('Loading websites...').length).toBeGreaterThan(0);
    answer({ ok: true, status: 200, statusText: '', text: async () => '[]' } as Response);
    await waitFor(() => allByText(WEBSITE_MESSAGES.empty).length > 0);
  });

  it('shows the empty state with Add Website, and Create Blog Post waits for a site', async () => {
    await screen();
    expect(allByText('No websites added yet. Add your first website to get started!')).toHaveLength(1);
    expect(
      Array.from(document.body.querySelectorAll('button')).filter((b) => b.textContent === 'Add Website'),
    ).toHaveLength(2);
    expect(button('Create Blog Post').disabled).toBe(true);
  });

  it("shows 'Failed to fetch websites' with the server's reason, in place and as a toast", async () => {
    mockFetch(route(LIST, { status: 500, body: { message: 'Database unavailable' } }));
    const { toasts } = renderScreen(<WebsitePage />, { path: '/website' });
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: WEBSITE_MESSAGES.fetchFailed,
      description: 'Database unavailable',
      variant: 'destructive',
    });
    expect(document.body.querySelector('.ant-alert-error')!.textContent).toContain('Failed to fetch websites');
    expect(allByText(WEBSITE_MESSAGES.empty)).toHaveLength(0);
  });
});

describe('WebsitePage: the Analytics tab', () => {
  it('shows visitors today, page views today and this month, bounce rate and the average session in minutes', async () => {
    const site = aSite({
      analytics: someAnalytics({
        visitors: { today: 12, thisMonth: 340 },
        pageViews: { today: 30, thisMonth: 1250 },
        bounceRate: 42.5,
        avgSessionDuration: 150,
      }),
    });
    await screen([site], { [site.id]: someDays(30, (i) => i) });
    expect(activeTab(site)).toBe('Analytics');
    expect(metric(site, 'visitors-today')).toBe('12');
    expect(metric(site, 'page-views')).toBe('30');
    expect(cardOf(site).textContent).toContain('1,250 this month');
    expect(metric(site, 'bounce-rate')).toBe('42.5%');
    expect(metric(site, 'avg-session')).toBe('2.5 min');
  });

  it("shows '—' for the bounce rate and the average session while the month has no page view", async () => {
    const site = aSite();
    await screen([site], { [site.id]: someDays(30, () => 0) });
    expect(metric(site, 'visitors-today')).toBe('0');
    expect(metric(site, 'bounce-rate')).toBe('—');
    expect(metric(site, 'avg-session')).toBe('—');
  });

  it('asks for 30 days of visits and draws them as a titled chart with a text summary', async () => {
    const site = aSite({ analytics: someAnalytics({ visitors: { today: 1, thisMonth: 10 } }) });
    const { calls } = await screen([site], { [site.id]: someDays(30, (i) => (i === 29 ? 9 : 1)) });
    expect(
      calls.some(
        (c) => c.method === 'GET' && c.url === endpointUrl(websitesEndpoints.analytics, { id: site.id }, { days: 30 }),
      ),
    ).toBe(true);
    const figure = (await waitFor(() => cardOf(site).querySelector('figure')))!;
    expect(document.getElementById(figure.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'Visitors, last 30 days',
    );
    expect(document.getElementById(figure.getAttribute('aria-describedby')!)!.textContent).toBe(
      '38 visitors and 76 page views over the last 30 days; the busiest day was Mar 30 with 9 visitors.',
    );
  });

  it('offers the tracking snippet to copy when the site has no visits yet, and says Copied', async () => {
    const site = aSite({ siteKey: 'k-123' });
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await screen([site]);
    await waitFor(() => allByText('No visits recorded yet').length > 0);
    const snippet = `<script defer src="${window.location.origin}/api/collect/script.js" data-site="k-123"></script>`;
    expect(cardOf(site).querySelector('pre code')!.textContent).toBe(snippet);
    expect(cardOf(site).textContent).toContain('Do Not Track');
    expect(cardOf(site).querySelector('figure')).toBeNull();
    await click(inCard(site, 'Copy snippet'));
    expect(writeText).toHaveBeenCalledWith(snippet);
    await waitFor(() => inCard(site, 'Copied'));
  });
});

describe('WebsitePage: the SEO and Performance tabs', () => {
  it('shows the score in its rating colour, the last audit and the checks with their recommendations', async () => {
    const site = aSite({
      seoScore: 72,
      seo: {
        status: 'completed',
        checkedAt: '2026-03-03T12:00:00.000Z',
        error: null,
        pages: [],
        checks: [
          aSeoCheck({
            id: 'title',
            label: 'Title tag',
            passed: true,
            points: 10,
            max: 10,
            detail: 'Title is 48 characters',
          }),
          aSeoCheck({
            id: 'meta',
            label: 'Meta description',
            passed: false,
            points: 0,
            max: 10,
            detail: 'No meta description',
            recommendation: 'Add a meta description of 50–160 characters.',
          }),
        ],
      },
    });
    await screen([site]);
    await openTab(site, 'SEO');
    expect(metric(site, 'seo-score')).toBe('72');
    expect(cardOf(site).querySelector('[data-rating]')!.getAttribute('data-rating')).toBe('fair');
    expect(cardOf(site).textContent).toContain('Last audit Mar');
    const checks = Array.from(cardOf(site).querySelectorAll('[data-check]'));
    // Failed first, with what to do.
    expect(checks.map((c) => c.getAttribute('data-check'))).toEqual(['meta', 'title']);
    expect(checks[0].textContent).toContain('Add a meta description of 50–160 characters.');
    expect(checks[0].textContent).toContain('0/10');
    expect(checks[0].querySelector('[aria-label="Failed"]')).toBeTruthy();
    expect(checks[1].querySelector('[aria-label="Passed"]')).toBeTruthy();
  });

  it('lists each audited page with its score, issue count and own findings, naming the images without alt text', async () => {
    const h1 = aSeoCheck({
      id: 'h1',
      label: 'One main heading',
      passed: false,
      points: 0,
      max: 10,
      detail: 'The page has 2 <h1> headings',
      recommendation: 'Keep one <h1> for the page’s main subject.',
    });
    const site = aSite({
      seoScore: 80,
      seo: {
        status: 'completed',
        checkedAt: '2026-03-03T12:00:00.000Z',
        error: null,
        checks: [aSeoCheck({ id: 'title' })],
        pages: [
          {
            url: 'https://shop.example.com/',
            path: '/',
            score: 100,
            checks: [aSeoCheck({ id: 'title' })],
            imagesWithoutAlt: [],
            error: null,
          },
          {
            url: 'https://shop.example.com/about.html',
            path: '/about.html',
            score: 68,
            checks: [aSeoCheck({ id: 'title' }), h1],
            imagesWithoutAlt: ['https://shop.example.com/images/kiln%20room.jpg'],
            error: null,
          },
          {
            url: 'https://shop.example.com/gone.html',
            path: '/gone.html',
            score: null,
            checks: [],
            imagesWithoutAlt: [],
            error: 'HTTP 404',
          },
        ],
      },
    });
    await screen([site]);
    await openTab(site, 'SEO');
    await waitFor(() => cardOf(site).querySelector('section[aria-label="Pages audited"]'));
    const pages = cardOf(site).querySelector('section[aria-label="Pages audited"]')!;
    expect(pages.textContent).toContain('3 pages: the home page and up to 19 pages listed in the sitemap');
    const headers = Array.from(pages.querySelectorAll('.ant-collapse-header')).map((h) => h.textContent);
    expect(headers).toEqual(['/No issues100', '/about.html1 issue68', '/gone.htmlNot read']);
    // The first page with issues is open: its findings and the image without alt text by file name.
    const open = pages.querySelector('.ant-collapse-item-active')!;
    expect(open.querySelector('[data-check="h1"]')!.textContent).toContain('The page has 2 <h1> headings');
    expect(open.querySelector('[data-image]')!.textContent).toContain('kiln room.jpg');
    expect(open.querySelector('[data-image]')!.getAttribute('data-image')).toBe(
      'https://shop.example.com/images/kiln%20room.jpg',
    );
  });

  it('shows since when a young monitor’s uptime counts', async () => {
    const since = new Date();
    since.setHours(9, 5, 0, 0);
    const site = aSite({ uptime: '99.50', uptimeSince: since.toISOString(), isOnline: true });
    await screen([site]);
    await openTab(site, 'Performance');
    expect(metric(site, 'uptime')).toBe('99.50%');
    expect(cardOf(site).querySelector('[data-testid="uptime-since"]')!.textContent).toBe('Since 9:05 AM');
  });

  it('runs an SEO audit, and shows the failure of the last one', async () => {
    const site = aSite({
      seo: { status: 'failed', checkedAt: null, checks: [], pages: [], error: 'The page answered 500' },
    });
    const { calls, use, toasts } = await screen([site]);
    const queued = { ...site, seo: { ...site.seo, status: 'pending' as const, error: null } };
    use(route(routeOf(websitesEndpoints.seoAudit, { id: site.id }), { body: queued }), route(LIST, { body: [queued] }));
    await openTab(site, 'SEO');
    expect(cardOf(site).querySelector('.ant-alert-error')!.textContent).toContain('The page answered 500');
    await click(inCard(site, 'Run SEO audit'));
    await waitFor(() => toasts.some((t) => t.title === WEBSITE_MESSAGES.auditStarted));
    expect(
      calls.some((c) => c.method === 'POST' && c.url === endpointUrl(websitesEndpoints.seoAudit, { id: site.id })),
    ).toBe(true);
    await waitFor(() => cardOf(site).textContent?.includes('The SEO audit is queued'));
  });

  it("shows uptime in its colour, 'Never' backed up, the blog post count and Online", async () => {
    const site = aSite({
      uptime: '99.95',
      isOnline: true,
      lastCheckedAt: '2026-03-03T12:00:00.000Z',
      responseTimeMs: 240,
      blogPosts: 3,
    });
    await screen([site]);
    await openTab(site, 'Performance');
    expect(metric(site, 'uptime')).toBe('99.95%');
    expect(metric(site, 'last-backup')).toBe('Never');
    expect(metric(site, 'blog-posts')).toBe('3');
    expect(metric(site, 'online-status')).toBe('Online');
    expect(cardOf(site).textContent).toContain('Response 240 ms');
    // Issue 30: where a person backs up, the rule: not counted, and how many each site keeps.
    expect(cardOf(site).querySelector('[data-testid="backup-rule"]')!.textContent).toBe(
      'Backups don’t count toward the Free plan’s limit of 5 documents. Each site keeps its latest backup on Free and its latest 10 on Premium and Enterprise; older ones are deleted when a new one is saved.',
    );
  });

  it("shows '—' and Unknown before the first check, and a backup's download once there is one", async () => {
    const site = aSite({
      lastBackup: '2026-03-03T12:00:00.000Z',
      backup: { status: 'completed', documentId: 44, pages: 12, error: null },
    });
    await screen([site]);
    await openTab(site, 'Performance');
    expect(metric(site, 'uptime')).toBe('—');
    expect(metric(site, 'online-status')).toBe('Unknown');
    expect(metric(site, 'last-backup')).toMatch(/^Mar [34], 2026$/);
    const download = Array.from(cardOf(site).querySelectorAll('a')).find((a) =>
      a.textContent?.includes('Download backup'),
    )!;
    expect(download.getAttribute('href')).toBe('/api/documents/44/download');
    expect(cardOf(site).textContent).toContain('12 pages');
  });

  it('lists the blog posts with status, WordPress link and a safe Markdown preview', async () => {
    const site = aSite({ blogPosts: 2 });
    await screen([site]);
    const posts = [
      aBlogPost({
        websiteId: site.id,
        title: 'Ten running tips',
        status: 'draft',
        wordpressUrl: 'https://blog.example.com/?p=12',
        content: '## Warm up\n\nStretch **first**, then [read more](https://example.org).\n\n<script>alert(1)</script>',
      }),
      aBlogPost({ websiteId: site.id, topic: 'Marathon diet', status: 'writing' }),
    ];
    mockFetch(
      route(LIST, { body: [site] }),
      route(routeOf(websitesEndpoints.blogPosts, { id: site.id }), { body: posts }),
    );
    await openTab(site, 'Performance');
    await click(inCard(site, 'Blog posts (2)'));
    const drawer = (await waitFor(() => document.body.querySelector<HTMLElement>('.ant-drawer')))!;
    await waitFor(() => drawer.querySelector('[data-testid^="post-"]'));
    const items = Array.from(drawer.querySelectorAll('[data-testid^="post-"]'));
    expect(items[0].textContent).toContain('Ten running tips');
    expect(items[0].querySelector('[data-status]')!.textContent).toBe('Draft');
    expect(
      items[0].querySelector<HTMLAnchorElement>('a[href="https://blog.example.com/?p=12"]')!.getAttribute('rel'),
    ).toContain('noopener');
    expect(items[1].textContent).toContain('Marathon diet');
    expect(items[1].querySelector('[data-status]')!.textContent).toBe('Writing');
    await click(byText('Preview'));
    const preview = (await waitFor(() => items[0].querySelector('.aide-website-markdown')))!;
    expect(preview.querySelector('h2')!.textContent).toBe('Warm up');
    expect(preview.querySelector('strong')!.textContent).toBe('first');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('<script>alert(1)</script>');
    expect(preview.querySelector('a')!.getAttribute('target')).toBe('_blank');
  });
});

describe('WebsitePage: the Actions tab', () => {
  it('Analytics switches the card to the Analytics tab', async () => {
    const site = aSite();
    await screen([site]);
    await openTab(site, 'Actions');
    expect(activeTab(site)).toBe('Actions');
    await click(inCard(site, 'Analytics'));
    expect(activeTab(site)).toBe('Analytics');
  });

  it("Backup posts an empty body and toasts 'Website backup initiated successfully'; it waits while the backup runs", async () => {
    const site = aSite();
    const { calls, use, toasts } = await screen([site]);
    const running = { ...site, backup: { ...site.backup, status: 'pending' as const } };
    use(route(routeOf(websitesEndpoints.backup, { id: site.id }), { body: running }), route(LIST, { body: [running] }));
    await openTab(site, 'Actions');
    await click(inCard(site, 'Backup'));
    await waitFor(() => toasts.some((t) => t.title === WEBSITE_MESSAGES.backupStarted));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: endpointUrl(websitesEndpoints.backup, { id: site.id }),
      body: {},
    });
    await waitFor(() => inCard(site, 'Backup').classList.contains('ant-btn-loading'));
  });

  it("toasts 'Failed to backup website' with the server's reason", async () => {
    const site = aSite();
    const { use, toasts } = await screen([site]);
    use(
      route(routeOf(websitesEndpoints.backup, { id: site.id }), {
        status: 409,
        body: { message: WEBSITE_MESSAGES.backupRunning },
      }),
    );
    await openTab(site, 'Actions');
    await click(inCard(site, 'Backup'));
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to backup website',
      description: WEBSITE_MESSAGES.backupRunning,
      variant: 'destructive',
    });
  });

  it('Security runs the security check and lists its results with recommendations', async () => {
    const site = aSite();
    const { calls, use, toasts } = await screen([site]);
    const checked = {
      ...site,
      security: {
        status: 'completed' as const,
        checkedAt: '2026-03-03T12:00:00.000Z',
        error: null,
        checks: [
          aSecurityCheck({ id: 'https', label: 'HTTPS', passed: true, detail: 'Served over HTTPS' }),
          aSecurityCheck({
            id: 'hsts',
            label: 'Strict-Transport-Security',
            passed: false,
            detail: 'Header missing',
            recommendation: 'Send an HSTS header.',
          }),
        ],
      },
    };
    use(
      route(routeOf(websitesEndpoints.securityCheck, { id: site.id }), { body: checked }),
      route(LIST, { body: [checked] }),
    );
    await openTab(site, 'Actions');
    await click(inCard(site, 'Security'));
    await waitFor(() => toasts.some((t) => t.title === WEBSITE_MESSAGES.securityStarted));
    expect(
      calls.some((c) => c.method === 'POST' && c.url === endpointUrl(websitesEndpoints.securityCheck, { id: site.id })),
    ).toBe(true);
    await waitFor(() => cardOf(site).querySelector('[data-check="hsts"]'));
    expect(cardOf(site).querySelector('[data-check="hsts"]')!.textContent).toContain('Send an HSTS header.');
    expect(cardOf(site).textContent).toContain('1 of 2 checks passed');
  });

  it('Settings saves a PATCH of what changed', async () => {
    const site = aSite({ name: 'Blog', platform: 'wordpress' });
    const { calls, use, toasts } = await screen([site]);
    use(
      route(routeOf(websitesEndpoints.update, { id: site.id }), (call) => ({
        body: { ...site, ...(call.body as object), wordpress: { configured: true, username: 'ada' } },
      })),
    );
    await openTab(site, 'Actions');
    await click(inCard(site, 'Settings'));
    await waitFor(() => dialog()?.textContent?.includes('Settings: Blog'));
    await type(field('Name'), 'My Blog');
    await click(dialog().querySelector('button[role="switch"]')!);
    await type(field('WordPress username'), 'ada');
    await type(field('Application password'), 'abcd efgh ijkl');
    await click(inDialog('Save Changes'));
    await waitFor(() => toasts.some((t) => t.title === WEBSITE_MESSAGES.updated));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: endpointUrl(websitesEndpoints.update, { id: site.id }),
      body: { name: 'My Blog', isActive: false, wordpress: { username: 'ada', applicationPassword: 'abcd efgh ijkl' } },
    });
  });

  it('Settings removes the WordPress connection with wordpress: null', async () => {
    const site = aSite({ wordpress: { configured: true, username: 'ada' } });
    const { calls, use, toasts } = await screen([site]);
    use(
      route(routeOf(websitesEndpoints.update, { id: site.id }), {
        body: { ...site, wordpress: { configured: false, username: null } },
      }),
    );
    await openTab(site, 'Actions');
    await click(inCard(site, 'Settings'));
    await waitFor(() => dialog()?.textContent?.includes('Connected as ada'));
    await click(inDialog('Remove WordPress connection'));
    expect(dialog().textContent).toContain('The WordPress connection will be removed when you save.');
    await click(inDialog('Save Changes'));
    await waitFor(() => toasts.some((t) => t.title === WEBSITE_MESSAGES.updated));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ wordpress: null });
  });

  it('asks before removing a website, then deletes it', async () => {
    const site = aSite({ name: 'Old Blog' });
    const { calls, use, toasts } = await screen([site]);
    use(route(routeOf(websitesEndpoints.remove, { id: site.id }), { status: 204 }), route(LIST, { body: [] }));
    await openTab(site, 'Actions');
    await click(inCard(site, 'Remove website'));
    await waitFor(() => document.body.querySelector('.ant-modal-confirm'));
    expect(document.body.querySelector('.ant-modal-confirm')!.textContent).toContain('Remove Old Blog?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await confirmDialog('Remove');
    await waitFor(() => toasts.some((t) => t.title === WEBSITE_MESSAGES.deleted));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(endpointUrl(websitesEndpoints.remove, { id: site.id }));
    await waitFor(() => allByText(WEBSITE_MESSAGES.empty).length > 0);
  });
});

describe('WebsitePage: the Add New Website dialog', () => {
  async function openAdd(sites: Website[] = [aSite()]) {
    const api = await screen(sites);
    await click(button('Add Website'));
    await waitFor(() => dialog()?.textContent?.includes('Add New Website'));
    return api;
  }

  it("requires a name and a valid URL: 'Website name is required', 'Valid URL is required'", async () => {
    const { calls } = await openAdd();
    await click(inDialog('Add Website'));
    await waitFor(() => allByText('Website name is required').length > 0);
    expect(allByText('Valid URL is required')).toHaveLength(1);
    await type(field('URL'), 'not a url');
    await click(inDialog('Add Website'));
    await settle();
    expect(allByText('Valid URL is required')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("adds the site for the signed-in user, https:// added to a bare address, and toasts 'Website added successfully'", async () => {
    const { calls, use, toasts } = await openAdd([]);
    const created = aSite({ name: 'My Shop', url: 'https://shop.example.com', platform: 'shopify' });
    use(route(routeOf(websitesEndpoints.create), { status: 201, body: created }), route(LIST, { body: [created] }));
    await type(field('Name'), '  My Shop ');
    await type(field('URL'), 'shop.example.com');
    await pickOption(dialog().querySelector('.ant-select')!, 'Shopify');
    await click(inDialog('Add Website'));
    await waitFor(() => toasts.some((t) => t.title === WEBSITE_MESSAGES.added));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: endpointUrl(websitesEndpoints.create),
      body: { userId: testUser.id, name: 'My Shop', url: 'https://shop.example.com', platform: 'shopify' },
    });
    await waitFor(() => cardOf(created));
  });

  it('sends platform null when none is chosen', async () => {
    const { calls, use } = await openAdd();
    use(route(routeOf(websitesEndpoints.create), { status: 201, body: aSite() }));
    await type(field('Name'), 'Docs');
    await type(field('URL'), 'https://docs.example.com');
    await click(inDialog('Add Website'));
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      userId: testUser.id,
      name: 'Docs',
      url: 'https://docs.example.com',
      platform: null,
    });
  });

  it("toasts 'Failed to add website' with the server's reason and stays open", async () => {
    const { use, toasts } = await openAdd();
    use(route(routeOf(websitesEndpoints.create), { status: 409, body: { message: WEBSITE_MESSAGES.duplicateUrl } }));
    await type(field('Name'), 'Docs');
    await type(field('URL'), 'https://docs.example.com');
    await click(inDialog('Add Website'));
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to add website',
      description: 'This website is already added',
      variant: 'destructive',
    });
    expect(dialog()?.textContent).toContain('Add New Website');
  });

  it("toasts the plan's website limit when the API refuses the site (403)", async () => {
    const { use, toasts } = await openAdd();
    use(
      route(routeOf(websitesEndpoints.create), {
        status: 403,
        body: { message: planQuotaMessage('free', 'websites') },
      }),
    );
    await type(field('Name'), 'Docs');
    await type(field('URL'), 'https://docs.example.com');
    await click(inDialog('Add Website'));
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to add website',
      description: planQuotaMessage('free', 'websites'),
      variant: 'destructive',
    });
  });
});

describe('WebsitePage: the Create AI Blog Post dialog', () => {
  async function openBlog(sites: Website[]) {
    const api = await screen(sites);
    await click(button('Create Blog Post'));
    await waitFor(() => dialog()?.textContent?.includes('Create AI Blog Post'));
    return api;
  }
  const submitButton = () => inDialog('Create Blog Post');
  const tags = () => Array.from(dialog().querySelectorAll('[role="listitem"]')).map((t) => t.textContent);

  it('keeps the submit button disabled until a website is chosen', async () => {
    const site = aSite({ name: 'Running Blog' });
    await openBlog([site]);
    expect(submitButton().disabled).toBe(true);
    await pickOption(dialog().querySelector('.ant-select')!, 'Running Blog');
    expect(submitButton().disabled).toBe(false);
  });

  it('adds a unique trimmed keyword with Enter, without submitting, and removes one', async () => {
    const site = aSite({ name: 'Running Blog' });
    const { calls } = await openBlog([site]);
    await pickOption(dialog().querySelector('.ant-select')!, 'Running Blog');
    const keywords = field('Keywords');
    await type(keywords, '  running shoes  ');
    await keyDown(keywords, 'Enter');
    expect(keywords.value).toBe('');
    await type(keywords, 'Running Shoes');
    await keyDown(keywords, 'Enter');
    await type(keywords, 'trail');
    await keyDown(keywords, 'Enter');
    expect(tags()).toEqual(['running shoes', 'trail']);
    await settle();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(allByText('Topic is required')).toHaveLength(0);
    await click(document.body.querySelector('[aria-label="Remove running shoes"]')!);
    expect(tags()).toEqual(['trail']);
  });

  it("requires a topic and a keyword: 'Topic is required', 'At least one keyword is required'", async () => {
    const site = aSite({ name: 'Running Blog' });
    const { calls } = await openBlog([site]);
    await pickOption(dialog().querySelector('.ant-select')!, 'Running Blog');
    await click(submitButton());
    await waitFor(() => allByText('Topic is required').length > 0);
    expect(allByText('At least one keyword is required')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("posts {userId, topic, keywords} to the chosen site and toasts 'Blog post created successfully'", async () => {
    const other = aSite({ name: 'Other Site' });
    const site = aSite({ name: 'Running Blog' });
    const { calls, use, toasts } = await openBlog([other, site]);
    use(
      route(routeOf(websitesEndpoints.createBlogPost, { id: site.id }), {
        status: 201,
        body: aBlogPost({ websiteId: site.id }),
      }),
    );
    await pickOption(dialog().querySelector('.ant-select')!, 'Running Blog');
    expect(dialog().querySelector('[data-testid="blog-destination"]')!.textContent).toContain('kept here as a draft');
    await type(field('Topic'), '  Choosing trail shoes ');
    await type(field('Keywords'), 'trail');
    await keyDown(field('Keywords'), 'Enter');
    // A keyword typed but not yet added with Enter counts too.
    await type(field('Keywords'), 'grip');
    await click(submitButton());
    await waitFor(() => toasts.some((t) => t.title === WEBSITE_MESSAGES.blogCreated));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: endpointUrl(websitesEndpoints.createBlogPost, { id: site.id }),
      body: { userId: testUser.id, topic: 'Choosing trail shoes', keywords: ['trail', 'grip'] },
    });
  });

  it('says the post goes to WordPress as a draft when the site is connected', async () => {
    const site = aSite({ name: 'WP Blog', wordpress: { configured: true, username: 'ada' } });
    await openBlog([site]);
    await pickOption(dialog().querySelector('.ant-select')!, 'WP Blog');
    expect(dialog().querySelector('[data-testid="blog-destination"]')!.textContent).toContain(
      'sent to WordPress as a draft',
    );
  });

  it("toasts 'Failed to create blog post' with the server's reason", async () => {
    const site = aSite({ name: 'Running Blog' });
    const { use, toasts } = await openBlog([site]);
    use(
      route(routeOf(websitesEndpoints.createBlogPost, { id: site.id }), {
        status: 400,
        body: { message: 'Keywords must not be blank' },
      }),
    );
    await pickOption(dialog().querySelector('.ant-select')!, 'Running Blog');
    await type(field('Topic'), 'Trail shoes');
    await type(field('Keywords'), 'trail');
    await keyDown(field('Keywords'), 'Enter');
    await click(submitButton());
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to create blog post',
      description: 'Keywords must not be blank',
      variant: 'destructive',
    });
  });
});
