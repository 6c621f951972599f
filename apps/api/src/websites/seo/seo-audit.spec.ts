import { SEO_CHECKS, SEO_PAGE_CHECK_IDS, WEBSITE_CRAWL_LIMITS } from '@aide/contracts';
import { readPageFacts } from '../fetch/page-facts';
import { NO_ROBOTS, parseRobots } from '../fetch/robots';
import type { SiteFetcher, SiteRequest, SiteResponse } from '../fetch/site-fetcher';
import { parseSitemap } from '../fetch/sitemap';
import { auditedPage, auditSite, pagesToAudit, readSitemaps } from './seo-audit';
import { seoScore, siteSeoChecks } from './seo-score';

const ORIGIN = 'https://site.test';

const GOOD_HEAD = `<title>A page about good things</title><meta name="description" content="${'A description long enough to pass the check of fifty characters. '.repeat(1)}"><meta name="viewport" content="width=device-width"><link rel="canonical" href="/">`;
const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
const HOME = page(GOOD_HEAD, '<h1>Home</h1><img src="/logo.png" alt="Logo"><a href="/about.html">About</a>');
const ABOUT = page(
  '<title>About the site and its people</title><meta name="viewport" content="width=device-width"><link rel="canonical" href="/about.html">',
  '<h1>About</h1><h1>Us</h1><img src="/img/team%20photo.jpg"><img src="/img/ok.png" alt="Fine">',
);

/** A fetcher answering from a map of address → [status, body, content type], recording what was asked. */
function fakeFetcher(routes: Record<string, [number, string, string?]>) {
  const asked: string[] = [];
  const fetcher = {
    timeoutMs: 1000,
    async fetch(address: string, request: SiteRequest = {}): Promise<SiteResponse> {
      asked.push(`${request.method ?? 'GET'} ${new URL(address).pathname}`);
      const [status, body, type] = routes[address] ?? [404, 'Not found', 'text/plain'];
      return {
        url: address,
        status,
        headers: {
          'content-type': type ?? (body.startsWith('<?xml') ? 'application/xml' : 'text/html; charset=utf-8'),
        },
        body: Buffer.from(body),
        truncated: false,
      };
    },
  };
  return { fetcher: fetcher as unknown as SiteFetcher, asked };
}

const urlset = (...paths: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<url><loc>${p.startsWith('http') ? p : ORIGIN + p}</loc></url>`)
    .join('')}</urlset>`;

describe('sitemaps', () => {
  it('reads a urlset’s addresses, unescaped and unique, and tells an index from a urlset', () => {
    expect(
      parseSitemap(
        `<?xml version="1.0"?><urlset><url><loc> ${ORIGIN}/a?x=1&amp;y=2 </loc></url><url><loc>${ORIGIN}/a?x=1&amp;y=2</loc></url><url><loc><![CDATA[${ORIGIN}/b]]></loc></url><url><loc>mailto:x@y.z</loc></url></urlset>`,
        ORIGIN,
      ),
    ).toEqual({ kind: 'urlset', locations: [`${ORIGIN}/a?x=1&y=2`, `${ORIGIN}/b`] });
    expect(
      parseSitemap(`<sitemapindex><sitemap><loc>${ORIGIN}/pages.xml</loc></sitemap></sitemapindex>`, ORIGIN),
    ).toEqual({ kind: 'index', locations: [`${ORIGIN}/pages.xml`] });
  });

  it('follows a sitemap index one level deep, on the same host only', async () => {
    const { fetcher, asked } = fakeFetcher({
      [`${ORIGIN}/sitemap_index.xml`]: [
        200,
        `<?xml version="1.0"?><sitemapindex><sitemap><loc>${ORIGIN}/pages.xml</loc></sitemap><sitemap><loc>${ORIGIN}/nested.xml</loc></sitemap><sitemap><loc>https://elsewhere.test/pages.xml</loc></sitemap></sitemapindex>`,
      ],
      [`${ORIGIN}/pages.xml`]: [200, urlset('/about.html', '/contact.html')],
      [`${ORIGIN}/nested.xml`]: [
        200,
        `<?xml version="1.0"?><sitemapindex><sitemap><loc>${ORIGIN}/deeper.xml</loc></sitemap></sitemapindex>`,
      ],
    });
    const found = await readSitemaps(
      fetcher,
      [`${ORIGIN}/missing.xml`, `${ORIGIN}/sitemap_index.xml`],
      new AbortController().signal,
    );
    expect(found).toEqual({
      sitemap: `${ORIGIN}/sitemap_index.xml`,
      pages: [`${ORIGIN}/about.html`, `${ORIGIN}/contact.html`],
    });
    expect(asked).not.toContain('GET /deeper.xml');
  });

  it('audits the home page and at most the limit of other pages, on its host, allowed by robots.txt, once each', () => {
    const many = Array.from({ length: 40 }, (_, i) => `${ORIGIN}/page-${i}.html`);
    const chosen = pagesToAudit(
      [`${ORIGIN}/index.html`, `${ORIGIN}/`, 'https://elsewhere.test/x.html', `${ORIGIN}/private/a.html`, ...many],
      `${ORIGIN}/`,
      parseRobots('User-agent: *\nDisallow: /private/', ORIGIN),
    );
    expect(chosen).toHaveLength(WEBSITE_CRAWL_LIMITS.auditPages - 1);
    expect(chosen[0]).toBe(`${ORIGIN}/page-0.html`);
    expect(
      chosen.some((url) => url.includes('elsewhere') || url.includes('private') || url.endsWith('index.html')),
    ).toBe(false);
  });
});

describe('per-page findings', () => {
  it('flags a page with two h1s and no meta description, naming each image without alt text', () => {
    const about = auditedPage(`${ORIGIN}/about.html`, readPageFacts(ABOUT, `${ORIGIN}/about.html`));
    expect(about.path).toBe('/about.html');
    expect(about.checks.map((c) => c.id)).toEqual([...SEO_PAGE_CHECK_IDS]);
    const byId = Object.fromEntries(about.checks.map((c) => [c.id, c]));
    expect(byId.h1).toMatchObject({ passed: false, detail: 'The page has 2 <h1> headings' });
    expect(byId.metaDescription).toMatchObject({ passed: false, detail: 'The page has no meta description' });
    expect(byId.imageAlt).toMatchObject({
      passed: false,
      detail: '1 of 2 images have alt text; missing on team photo.jpg',
    });
    expect(about.imagesWithoutAlt).toEqual([`${ORIGIN}/img/team%20photo.jpg`]);
    expect(about.score).toBeGreaterThan(0);
    expect(about.score).toBeLessThan(100);
  });

  it('scores the site over every audited page: one page falling short keeps the check from passing', () => {
    const home = auditedPage(`${ORIGIN}/`, readPageFacts(HOME, `${ORIGIN}/`));
    const about = auditedPage(`${ORIGIN}/about.html`, readPageFacts(ABOUT, `${ORIGIN}/about.html`));
    expect(home.score).toBe(100);
    const site = {
      pageUrl: `${ORIGIN}/`,
      robots: { status: 'ok' as const },
      sitemap: `${ORIGIN}/sitemap.xml`,
      links: { checked: 1, broken: [] },
    };
    const alone = siteSeoChecks(site, [home]);
    const both = siteSeoChecks(site, [home, about]);
    expect(both.map((c) => c.id)).toEqual(SEO_CHECKS.map((c) => c.id));
    expect(seoScore(alone)).toBe(100);
    const h1 = both.find((c) => c.id === 'h1')!;
    // (10 + 0) / 2 pages, rounded down.
    expect(h1).toMatchObject({ passed: false, points: 5, detail: '1 of 2 audited pages fall short: /about.html' });
    expect(h1.recommendation).toMatch(/^On \/about\.html: Keep one <h1>/);
    expect(both.find((c) => c.id === 'lang')).toMatchObject({
      passed: true,
      points: 6,
      detail: 'All 2 audited pages pass',
    });
    expect(seoScore(both)).toBeLessThan(seoScore(alone));
  });
});

describe('the audit of a site', () => {
  it('reads the home page and the sitemap’s pages named in robots.txt, and counts a sitemap page that fails as a broken link', async () => {
    const { fetcher, asked } = fakeFetcher({
      [`${ORIGIN}/`]: [200, HOME],
      [`${ORIGIN}/robots.txt`]: [200, `User-agent: *\nDisallow:\nSitemap: ${ORIGIN}/site-map.xml`, 'text/plain'],
      [`${ORIGIN}/site-map.xml`]: [200, urlset('/', '/about.html', '/gone.html', '/file.pdf')],
      [`${ORIGIN}/about.html`]: [200, ABOUT],
      [`${ORIGIN}/file.pdf`]: [200, '%PDF', 'application/pdf'],
    });
    const audit = await auditSite(fetcher, `${ORIGIN}/`, new AbortController().signal);
    expect(audit.pages.map((p) => [p.path, p.error])).toEqual([
      ['/', null],
      ['/about.html', null],
      ['/gone.html', 'HTTP 404'],
    ]);
    expect(audit.score).toBe(seoScore(audit.checks));
    const byId = Object.fromEntries(audit.checks.map((c) => [c.id, c]));
    expect(byId.sitemap).toMatchObject({ passed: true, detail: `A sitemap was found at ${ORIGIN}/site-map.xml` });
    expect(byId.brokenLinks.detail).toContain(`${ORIGIN}/gone.html (404)`);
    expect(byId.h1.detail).toBe('1 of 2 audited pages fall short: /about.html');
    expect(asked).not.toContain('GET /sitemap.xml');
    expect(NO_ROBOTS.allows('/x', 'any')).toBe(true);
  });
});
