import { EXTRACTED_TEXT_MARKER, type ResearchSource } from '@aide/contracts';
import { readHtml } from '../../research/pipeline/page-reader/page-reader';
import { crawlSite } from '../backup/site-crawler';
import type { SiteFetcher } from '../fetch/site-fetcher';

/**
 * What a blog post can be written from (issue 25): the site's own pages, and the person's own
 * research reports and documents on the topic. The offline engine writes only from this, citing it; it never adds facts of its own.
 */
export interface BlogMaterial {
  kind: 'report' | 'document' | 'page';
  /** The report's topic, the document's file name, or the page's title. */
  title: string;
  /** A page of the site: its address, which the post cites. */
  url?: string;
  /** Plain text (a report's Markdown with its headings and lists flattened). */
  text: string;
  /** A report's sources, so a sentence citing [n] in it can cite that page in the post. */
  sources: Array<Pick<ResearchSource, 'number' | 'title' | 'url' | 'site'>>;
}

/** Reports and documents read for one post: the best matches only. */
const MATERIAL_LIMIT = { reports: 4, documents: 4 } as const;
/** Text read of each: enough for a post's paragraphs. */
const TEXT_CHARS = 40_000;

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * The user's finished research reports and extracted documents that mention the topic's words or
 * any keyword, best matches first (Postgres full-text search over their search vectors, each
 * phrase as an alternative: "heat pumps" or "installation costs").
 */
export async function findBlogMaterial(
  query: Query,
  userId: number,
  topic: string,
  keywords: readonly string[],
): Promise<BlogMaterial[]> {
  const phrases = [topic, ...keywords]
    .map((phrase) => phrase.replace(/["“”]/g, ' ').trim())
    .filter(Boolean)
    .map((phrase) => `"${phrase}"`);
  // Each phrase, and each of the topic's words of four letters or more, as an alternative.
  const words = topic.match(/\p{L}{4,}/gu) ?? [];
  const search = [...phrases, ...words].join(' or ');
  const reports = (await query(
    `SELECT r.topic AS title, r.content AS text, r.sources
       FROM research_reports r, websearch_to_tsquery('simple', $2) q
      WHERE r."userId" = $1 AND r.status = 'completed' AND r.content IS NOT NULL AND r."searchVector" @@ q
      ORDER BY ts_rank(r."searchVector", q) DESC, r."updatedAt" DESC
      LIMIT ${MATERIAL_LIMIT.reports}`,
    [userId, search],
  )) as Array<{ title: string; text: string; sources: ResearchSource[] }>;
  const documents = (await query(
    `SELECT d."originalName" AS title, left(d.content, ${TEXT_CHARS}) AS text
       FROM documents d, websearch_to_tsquery('simple', $2) q
      WHERE d."userId" = $1 AND d.content IS NOT NULL AND d."searchVector" @@ q
      ORDER BY ts_rank(d."searchVector", q) DESC, d."uploadedAt" DESC
      LIMIT ${MATERIAL_LIMIT.documents}`,
    [userId, search],
  )) as Array<{ title: string; text: string }>;
  return [
    ...reports.map((report) => ({
      kind: 'report' as const,
      title: report.title,
      text: plainText(report.text.slice(0, TEXT_CHARS)),
      sources: (report.sources ?? []).map(({ number, title, url, site }) => ({ number, title, url, site })),
    })),
    ...documents.map((document) => ({
      kind: 'document' as const,
      title: document.title,
      text: plainText(document.text.replace(`${EXTRACTED_TEXT_MARKER}\n`, '')),
      sources: [],
    })),
  ];
}

/** Markdown to sentences' text: headings, list marks, emphasis and links' targets go; [n] citations stay. */
function plainText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*#{1,6}\s/.test(line) && !/^\s*\[\d+\]\s/.test(line))
    .map((line) => line.replace(/^\s*(?:[-*+]|\d+\.)\s+/, '').replace(/\*\*|__|\*|_/g, ''))
    .join('\n')
    .replace(/\[([^\]]+)\]\((?:[^)]+)\)/g, '$1');
}

/** A small crawl: the pages a post can quote, not a backup. */
const SITE_CRAWL = { maxDepth: 2, maxPages: 12, maxBytes: 3 * 1024 * 1024 } as const;

/**
 * The site's own pages that mention the topic's words or a keyword (a crawl from its home page
 * within its origin and robots.txt, as the backup does, but small). A site that cannot be read
 * gives no pages: the post is still written from the rest.
 */
export async function findSitePages(
  fetcher: SiteFetcher,
  siteUrl: string,
  topic: string,
  keywords: readonly string[],
  signal: AbortSignal,
): Promise<BlogMaterial[]> {
  let crawled: Awaited<ReturnType<typeof crawlSite>>;
  try {
    crawled = await crawlSite(fetcher, siteUrl, signal, SITE_CRAWL);
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
  const words = [...(topic.toLowerCase().match(/\p{L}{4,}/gu) ?? []), ...keywords.map((k) => k.toLowerCase())];
  return crawled.files
    .filter((file) => file.kind === 'page')
    .map((file) => readHtml(file.url, file.bytes.toString('utf8')))
    .filter((page) => words.some((word) => page.text.toLowerCase().includes(word)))
    .map((page) => ({ kind: 'page' as const, title: page.title, url: page.url, text: page.text, sources: [] }));
}
