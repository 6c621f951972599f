import { type SeoCheckResult, type SeoPageResult, WEBSITE_CRAWL_LIMITS } from '@aide/contracts';
import { type PageFacts, readPageFacts, sameOrigin } from '../fetch/page-facts';
import { NO_ROBOTS, parseRobots, type RobotsRules } from '../fetch/robots';
import {
  mimeTypeOf,
  SITE_USER_AGENT,
  SiteFetchError,
  type SiteFetcher,
  type SiteResponse,
  textOf,
} from '../fetch/site-fetcher';
import { parseSitemap, sameHost, type Sitemap } from '../fetch/sitemap';
import { WebsiteJobFailure } from '../website-job-state';
import { pagePath, pageSeoChecks, pageSeoScore, type SeoSiteFindings, seoScore, siteSeoChecks } from './seo-score';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Links checked at once. */
const LINK_CONCURRENCY = 4;
/** Sitemap pages read at once: politely few. */
const PAGE_CONCURRENCY = 2;

/** The site's home page, fetched and read; a WebsiteJobFailure with the reason when it cannot be. */
export async function fetchHomePage(
  fetcher: SiteFetcher,
  url: string,
  signal: AbortSignal,
): Promise<{ response: SiteResponse; facts: PageFacts }> {
  let response: SiteResponse;
  try {
    response = await fetcher.fetch(url, {
      signal,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    });
  } catch (error) {
    if (error instanceof SiteFetchError) throw new WebsiteJobFailure(`${url} could not be reached: ${error.message}`);
    throw error;
  }
  if (response.status < 200 || response.status > 299)
    throw new WebsiteJobFailure(`${url} answered HTTP ${response.status}`);
  if (!HTML_TYPES.has(mimeTypeOf(response)))
    throw new WebsiteJobFailure(`${url} is not a web page (${mimeTypeOf(response) || 'no content type'})`);
  return { response, facts: readPageFacts(textOf(response), response.url) };
}

/** robots.txt of the origin: its rules, and what the audit says of it. */
export async function fetchRobots(
  fetcher: SiteFetcher,
  origin: string,
  signal: AbortSignal,
): Promise<{ rules: RobotsRules; finding: SeoSiteFindings['robots'] }> {
  try {
    const response = await fetcher.fetch(`${origin}/robots.txt`, { signal, maxBytes: 512 * 1024 });
    if (response.status < 200 || response.status > 299)
      return { rules: NO_ROBOTS, finding: { status: 'missing', detail: `HTTP ${response.status}` } };
    const rules = parseRobots(textOf(response), response.url);
    return { rules, finding: rules.disallowsAll() ? { status: 'disallowsAll' } : { status: 'ok' } };
  } catch (error) {
    if (error instanceof SiteFetchError)
      return { rules: NO_ROBOTS, finding: { status: 'missing', detail: error.message } };
    throw error;
  }
}

async function answers(fetcher: SiteFetcher, url: string, signal: AbortSignal): Promise<number | string> {
  try {
    const head = await fetcher.fetch(url, { method: 'HEAD', signal });
    // Some servers refuse HEAD: ask with GET (without reading the page).
    if (head.status !== 405 && head.status !== 501) return head.status;
    return (await fetcher.fetch(url, { signal, readBody: false })).status;
  } catch (error) {
    if (error instanceof SiteFetchError) return error.message;
    throw error;
  }
}

/** Runs `work` over `items`, `concurrency` at a time, answering in the items' order. */
async function inTurn<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

async function fetchSitemap(fetcher: SiteFetcher, url: string, signal: AbortSignal): Promise<Sitemap | null> {
  try {
    const response = await fetcher.fetch(url, {
      signal,
      headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
    });
    if (response.status < 200 || response.status > 299) return null;
    return parseSitemap(textOf(response), response.url);
  } catch (error) {
    if (error instanceof SiteFetchError) return null;
    throw error;
  }
}

/**
 * The site's sitemap: the first of `candidates` (robots.txt's Sitemap: lines, then /sitemap.xml)
 * that answers, and the pages it lists. A sitemap index is followed one level deep, to at most
 * WEBSITE_CRAWL_LIMITS.auditSitemaps of its sitemaps on the same host.
 */
export async function readSitemaps(
  fetcher: SiteFetcher,
  candidates: readonly string[],
  signal: AbortSignal,
): Promise<{ sitemap: string | null; pages: string[] }> {
  for (const candidate of [...new Set(candidates)]) {
    const sitemap = await fetchSitemap(fetcher, candidate, signal);
    if (!sitemap) continue;
    if (sitemap.kind === 'urlset') return { sitemap: candidate, pages: sitemap.locations };
    const children = sitemap.locations
      .filter((location) => sameHost(location, candidate))
      .slice(0, WEBSITE_CRAWL_LIMITS.auditSitemaps);
    const pages: string[] = [];
    for (const child of children) {
      const read = await fetchSitemap(fetcher, child, signal);
      // One level deep: an index named by the index is not followed.
      if (read?.kind === 'urlset') for (const page of read.locations) if (!pages.includes(page)) pages.push(page);
    }
    return { sitemap: candidate, pages };
  }
  return { sitemap: null, pages: [] };
}

/** An address with '/index.html' (or .htm, .php) at its end read as its folder: the same page. */
function pageKey(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.pathname = parsed.pathname.replace(/\/index\.(?:html?|php)$/i, '/');
  return parsed.href;
}

/**
 * The sitemap's pages the audit reads besides the home page: on the home page's host, allowed to
 * the audit by robots.txt, not the home page again, at most WEBSITE_CRAWL_LIMITS.auditPages - 1.
 */
export function pagesToAudit(sitemapPages: readonly string[], homeUrl: string, robots: RobotsRules): string[] {
  const seen = new Set([pageKey(homeUrl)]);
  const chosen: string[] = [];
  for (const page of sitemapPages) {
    if (chosen.length >= WEBSITE_CRAWL_LIMITS.auditPages - 1) break;
    if (!sameHost(page, homeUrl)) continue;
    const key = pageKey(page);
    if (seen.has(key)) continue;
    seen.add(key);
    const { pathname, search } = new URL(page);
    if (!robots.allows(`${pathname}${search}`, SITE_USER_AGENT)) continue;
    chosen.push(page);
  }
  return chosen;
}

/** One page's own findings, from its facts. */
export function auditedPage(url: string, facts: PageFacts): SeoPageResult {
  const checks = pageSeoChecks(facts, url);
  return {
    url,
    path: pagePath(url),
    score: pageSeoScore(checks),
    checks,
    imagesWithoutAlt: facts.imagesWithoutAlt,
    error: null,
  };
}

/** A sitemap page read for the audit: its findings, or why it could not be read; null when it is no web page. */
async function auditPage(fetcher: SiteFetcher, url: string, signal: AbortSignal): Promise<SeoPageResult | null> {
  const failed = (error: string): SeoPageResult => ({
    url,
    path: pagePath(url),
    score: null,
    checks: [],
    imagesWithoutAlt: [],
    error,
  });
  let response: SiteResponse;
  try {
    response = await fetcher.fetch(url, {
      signal,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    });
  } catch (error) {
    if (error instanceof SiteFetchError) return failed(error.message);
    throw error;
  }
  if (response.status < 200 || response.status > 299) return failed(`HTTP ${response.status}`);
  if (!HTML_TYPES.has(mimeTypeOf(response))) return null;
  return auditedPage(url, readPageFacts(textOf(response), response.url));
}

export interface SiteAudit {
  score: number;
  checks: SeoCheckResult[];
  /** The pages read, home page first. */
  pages: SeoPageResult[];
}

/**
 * The SEO audit of a site (SEO_CHECKS): the home page and up to WEBSITE_CRAWL_LIMITS.auditPages - 1
 * pages its sitemap lists (named in robots.txt, else /sitemap.xml; see pagesToAudit), each with its
 * own checks; robots.txt; and up to WEBSITE_CRAWL_LIMITS.auditLinks of the home page's links to
 * the same origin, each asked for (HEAD, else GET) and counted broken on a 4xx/5xx or no answer, as
 * is a sitemap page that answers so. The site's page checks are combined over the pages read
 * (siteSeoChecks), so its score accounts for every one of them.
 */
export async function auditSite(fetcher: SiteFetcher, url: string, signal: AbortSignal): Promise<SiteAudit> {
  const { response, facts } = await fetchHomePage(fetcher, url, signal);
  const origin = new URL(response.url).origin;
  const robots = await fetchRobots(fetcher, origin, signal);
  const sitemap = await readSitemaps(fetcher, [...robots.rules.sitemaps, `${origin}/sitemap.xml`], signal);

  const here = new URL(response.url).href;
  const internal = facts.links
    .filter((link) => sameOrigin(link, response.url) && link !== here)
    .slice(0, WEBSITE_CRAWL_LIMITS.auditLinks);
  const statuses = await inTurn(internal, LINK_CONCURRENCY, (link) => answers(fetcher, link, signal));
  const broken = internal.flatMap((link, index) =>
    typeof statuses[index] === 'string' || (statuses[index] as number) >= 400
      ? [{ url: link, status: statuses[index] }]
      : [],
  );

  const others = pagesToAudit(sitemap.pages, response.url, robots.rules);
  const read = await inTurn(others, PAGE_CONCURRENCY, (page) => auditPage(fetcher, page, signal));
  const pages = [auditedPage(response.url, facts), ...read.filter((page): page is SeoPageResult => page !== null)];
  // A sitemap page that answers with an error is a broken link too (once, if the home page links to it).
  const checked = new Set(internal);
  for (const page of pages)
    if (page.error !== null && !checked.has(page.url)) {
      checked.add(page.url);
      broken.push({ url: page.url, status: page.error.startsWith('HTTP ') ? Number(page.error.slice(5)) : page.error });
    }
  for (const page of pages) checked.add(page.url);
  checked.delete(here);

  const checks = siteSeoChecks(
    {
      pageUrl: response.url,
      robots: robots.finding,
      sitemap: sitemap.sitemap,
      links: { checked: checked.size, broken },
    },
    pages.filter((page) => page.error === null),
  );
  return { score: seoScore(checks), checks, pages };
}
