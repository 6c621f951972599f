import { type SeoCheckResult, WEBSITE_CRAWL_LIMITS } from '@aide/contracts';
import { type PageFacts, readPageFacts, sameOrigin } from '../fetch/page-facts';
import { NO_ROBOTS, parseRobots, type RobotsRules } from '../fetch/robots';
import { mimeTypeOf, SiteFetchError, type SiteFetcher, type SiteResponse, textOf } from '../fetch/site-fetcher';
import { WebsiteJobFailure } from '../website-job-state';
import { type SeoFindings, seoChecks, seoScore } from './seo-score';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Links checked at once. */
const LINK_CONCURRENCY = 4;

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
): Promise<{ rules: RobotsRules; finding: SeoFindings['robots'] }> {
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

/**
 * The SEO audit of a site's home page (SEO_CHECKS): the page itself, robots.txt, a sitemap (named
 * in robots.txt, else /sitemap.xml), and up to WEBSITE_CRAWL_LIMITS.auditLinks of its links to the
 * same origin, each asked for (HEAD, else GET) and counted broken on a 4xx/5xx or no answer.
 */
export async function auditSite(
  fetcher: SiteFetcher,
  url: string,
  signal: AbortSignal,
): Promise<{ score: number; checks: SeoCheckResult[] }> {
  const { response, facts } = await fetchHomePage(fetcher, url, signal);
  const origin = new URL(response.url).origin;
  const robots = await fetchRobots(fetcher, origin, signal);

  let sitemap: string | null = null;
  for (const candidate of [...robots.rules.sitemaps, `${origin}/sitemap.xml`]) {
    const status = await answers(fetcher, candidate, signal);
    if (typeof status === 'number' && status >= 200 && status <= 299) {
      sitemap = candidate;
      break;
    }
  }

  const here = new URL(response.url).href;
  const internal = facts.links
    .filter((link) => sameOrigin(link, response.url) && link !== here)
    .slice(0, WEBSITE_CRAWL_LIMITS.auditLinks);
  const statuses: (number | string)[] = new Array(internal.length);
  let next = 0;
  const worker = async () => {
    while (next < internal.length) {
      const index = next++;
      statuses[index] = await answers(fetcher, internal[index], signal);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LINK_CONCURRENCY, internal.length) }, worker));
  const broken = internal.flatMap((link, index) =>
    typeof statuses[index] === 'string' || (statuses[index] as number) >= 400
      ? [{ url: link, status: statuses[index] }]
      : [],
  );

  const checks = seoChecks({
    page: facts,
    pageUrl: response.url,
    robots: robots.finding,
    sitemap,
    links: { checked: internal.length, broken },
  });
  return { score: seoScore(checks), checks };
}
