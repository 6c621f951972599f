import { createHash } from 'node:crypto';
import { WEBSITE_CRAWL_LIMITS } from '@aide/contracts';
import { readPageFacts, sameOrigin } from '../fetch/page-facts';
import { NO_ROBOTS, parseRobots, type RobotsRules } from '../fetch/robots';
import { mimeTypeOf, SITE_USER_AGENT, SiteFetchError, type SiteFetcher, textOf } from '../fetch/site-fetcher';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Stylesheets and images kept besides the pages, at most. */
const MAX_ASSETS = 200;

export interface CrawlLimits {
  maxDepth: number;
  maxPages: number;
  maxBytes: number;
}

export interface CrawledFile {
  url: string;
  /** Where it is in the archive, e.g. 'about/index.html'. */
  path: string;
  kind: 'page' | 'stylesheet' | 'image';
  contentType: string;
  bytes: Buffer;
  depth: number;
}

export interface CrawlResult {
  files: CrawledFile[];
  pages: number;
  /** Addresses not kept and why ('disallowed by robots.txt', 'HTTP 404', 'connection refused', 'page limit reached'). */
  skipped: { url: string; reason: string }[];
}

/** An address's place in the archive: '/' → 'index.html', '/blog/' → 'blog/index.html', '/about' (a page) → 'about/index.html'; a query adds a short hash. */
export function archivePath(address: string, isPage: boolean): string {
  const url = new URL(address);
  const segments = decodeURIComponent(url.pathname)
    .split('/')
    .map((segment) => segment.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_'))
    .filter(Boolean);
  let path = segments.join('/');
  if (isPage && !/\.html?$/i.test(path)) path = path ? `${path}/index.html` : 'index.html';
  if (!path) path = 'index';
  if (url.search) {
    const hash = createHash('sha256').update(url.search).digest('hex').slice(0, 8);
    path = path.replace(/(\.\w+)?$/, (extension) => `_${hash}${extension}`);
  }
  return path;
}

/**
 * Crawls a site for its backup: breadth first from its home page, only addresses of the same origin
 * (scheme, host and port), at most `maxDepth` links away and `maxPages` pages, honouring robots.txt
 * for SITE_USER_AGENT (or '*'); then the same-origin stylesheets and images the pages use, while
 * the bytes stay under `maxBytes`. Pages that fail are listed as skipped, not fatal; a home page
 * that cannot be read throws SiteFetchError.
 */
export async function crawlSite(
  fetcher: SiteFetcher,
  start: string,
  signal: AbortSignal,
  limits: CrawlLimits = {
    maxDepth: WEBSITE_CRAWL_LIMITS.backupDepth,
    maxPages: WEBSITE_CRAWL_LIMITS.backupPages,
    maxBytes: WEBSITE_CRAWL_LIMITS.backupBytes,
  },
  onPage: (pages: number) => void = () => {},
): Promise<CrawlResult> {
  const origin = new URL(start).origin;
  const robots = await readRobots(fetcher, origin, signal);
  const allowed = (address: string) => {
    const url = new URL(address);
    return robots.allows(`${url.pathname}${url.search}`, SITE_USER_AGENT);
  };

  const files: CrawledFile[] = [];
  const skipped: CrawlResult['skipped'] = [];
  const seen = new Set<string>([start]);
  const queue: { url: string; depth: number }[] = [{ url: start, depth: 0 }];
  const assets = new Map<string, 'stylesheet' | 'image'>();
  let bytes = 0;
  let pages = 0;

  while (queue.length) {
    const { url, depth } = queue.shift()!;
    if (pages >= limits.maxPages) {
      skipped.push({ url, reason: 'page limit reached' });
      continue;
    }
    if (!allowed(url)) {
      skipped.push({ url, reason: 'disallowed by robots.txt' });
      continue;
    }
    let response;
    try {
      response = await fetcher.fetch(url, {
        signal,
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      });
    } catch (error) {
      if (!(error instanceof SiteFetchError)) throw error;
      if (depth === 0) throw error;
      skipped.push({ url, reason: error.message });
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      if (depth === 0) throw new SiteFetchError(`HTTP ${response.status}`);
      skipped.push({ url, reason: `HTTP ${response.status}` });
      continue;
    }
    // A redirect to another site is not this site's page.
    if (!sameOrigin(response.url, origin)) {
      skipped.push({ url, reason: `redirected to another site (${response.url})` });
      continue;
    }
    const contentType = mimeTypeOf(response);
    const isPage = HTML_TYPES.has(contentType);
    if (bytes + response.body.length > limits.maxBytes) {
      skipped.push({ url, reason: 'size limit reached' });
      continue;
    }
    bytes += response.body.length;
    pages += 1;
    files.push({
      url: response.url,
      path: archivePath(response.url, isPage),
      kind: 'page',
      contentType: contentType || 'application/octet-stream',
      bytes: response.body,
      depth,
    });
    onPage(pages);
    if (!isPage) continue;

    const facts = readPageFacts(textOf(response), response.url);
    for (const resource of facts.resources) {
      if (
        (resource.kind === 'stylesheet' || resource.kind === 'image') &&
        sameOrigin(resource.url, origin) &&
        !assets.has(resource.url)
      )
        assets.set(resource.url, resource.kind);
    }
    if (depth >= limits.maxDepth) continue;
    for (const link of facts.links) {
      if (!sameOrigin(link, origin) || seen.has(link)) continue;
      seen.add(link);
      queue.push({ url: link, depth: depth + 1 });
    }
  }

  for (const [url, kind] of [...assets].slice(0, MAX_ASSETS)) {
    if (!allowed(url)) {
      skipped.push({ url, reason: 'disallowed by robots.txt' });
      continue;
    }
    try {
      const response = await fetcher.fetch(url, { signal, maxBytes: Math.max(1, limits.maxBytes - bytes) });
      if (response.status < 200 || response.status > 299 || !sameOrigin(response.url, origin)) {
        skipped.push({ url, reason: `HTTP ${response.status}` });
        continue;
      }
      if (response.truncated || bytes + response.body.length > limits.maxBytes) {
        skipped.push({ url, reason: 'size limit reached' });
        continue;
      }
      bytes += response.body.length;
      files.push({
        url: response.url,
        path: archivePath(response.url, false),
        kind,
        contentType: mimeTypeOf(response) || 'application/octet-stream',
        bytes: response.body,
        depth: -1,
      });
    } catch (error) {
      if (!(error instanceof SiteFetchError)) throw error;
      skipped.push({ url, reason: error.message });
    }
  }
  return { files, pages, skipped };
}

async function readRobots(fetcher: SiteFetcher, origin: string, signal: AbortSignal): Promise<RobotsRules> {
  try {
    const response = await fetcher.fetch(`${origin}/robots.txt`, { signal, maxBytes: 512 * 1024 });
    return response.status >= 200 && response.status <= 299 ? parseRobots(textOf(response), response.url) : NO_ROBOTS;
  } catch (error) {
    if (error instanceof SiteFetchError) return NO_ROBOTS;
    throw error;
  }
}
