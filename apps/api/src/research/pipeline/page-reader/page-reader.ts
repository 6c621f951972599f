import type { Readability } from '@mozilla/readability';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { parseHTML } from '../../../ai/text/parse-html';
import type { Env } from '../../../config/env.schema';
import { OutboundPolicy } from '../../../outbound/outbound-policy';
import { charsetOf, SAFE_FETCH_LIMITS, safeFetch, SafeFetchError } from '../../../outbound/safe-fetch';
import type { PageReaderPort, ReadOutcome, ReadPage } from '../pipeline.types';
import { blockText, normaliseText } from './readable-text.util';

export const PAGE_READER_LIMITS = {
  /** Bytes of a page read at most (after decompression); the rest is never downloaded. */
  maxBytes: SAFE_FETCH_LIMITS.maxBytes,
  maxRedirects: SAFE_FETCH_LIMITS.maxRedirects,
  /** Fewer characters of readable text than this, and the page is dropped. */
  minTextLength: 200,
} as const;

export interface PageReaderOptions {
  /** The whole read (every redirect, headers and body) must finish within this. */
  timeoutMs: number;
  /** Which addresses may be read (OUTBOUND_ALLOW_PRIVATE_NETWORKS; the tests' fixture web on loopback). */
  policy: OutboundPolicy;
  maxBytes?: number;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; AideResearch/1.0)',
  accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8',
};

/** Why a page was dropped, thrown inside the reader and answered as { ok: false, reason }. */
class Dropped extends Error {}

interface Fetched {
  url: string;
  mimeType: string;
  body: Buffer;
  charset: string | null;
}

/** A successful answer with a web page or plain text, or the reason the page is dropped before its body is read. */
function refusedAnswer({
  status,
  mimeType,
  headers,
}: {
  status: number;
  mimeType: string;
  headers: { location?: string };
}) {
  if (status < 200 || status > 299)
    return REDIRECTS.has(status) && !headers.location ? `HTTP ${status} without a Location` : `HTTP ${status}`;
  if (!HTML_TYPES.has(mimeType) && mimeType !== 'text/plain')
    return mimeType ? `not a web page (${mimeType})` : 'not a web page (no content type)';
  return null;
}

/**
 * Fetches a web page (safeFetch: the outbound policy, redirects, timeout and size cap) and reduces
 * it to its readable text (Readability over linkedom), with the author, date and title it states.
 * Never throws for a page's problem: the outcome says why it was dropped. Only an abort of the
 * caller's signal throws, so a cancelled job stops.
 */
@Injectable()
export class PageReader implements PageReaderPort {
  private readonly options: Required<PageReaderOptions>;

  /** Nest passes the ConfigService and the policy; tests pass the options. */
  constructor(
    @Inject(ConfigService) source: ConfigService<Env, true> | PageReaderOptions,
    @Inject(OutboundPolicy) policy?: OutboundPolicy,
  ) {
    const options: PageReaderOptions =
      source instanceof ConfigService
        ? {
            timeoutMs: source.get('RESEARCH_FETCH_TIMEOUT_MS', { infer: true }),
            policy: policy ?? new OutboundPolicy(),
          }
        : source;
    this.options = { maxBytes: PAGE_READER_LIMITS.maxBytes, ...options };
  }

  async read(url: string, signal?: AbortSignal): Promise<ReadOutcome> {
    try {
      const response = await safeFetch(url, {
        policy: this.options.policy,
        timeoutMs: this.options.timeoutMs,
        maxBytes: this.options.maxBytes,
        headers: HEADERS,
        accept: refusedAnswer,
        signal,
      });
      const fetched = {
        url: response.url,
        mimeType: response.mimeType,
        body: response.body,
        charset: charsetOf(response.headers),
      };
      return { ok: true, page: readPage(fetched) };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof SafeFetchError || error instanceof Dropped) return { ok: false, url, reason: error.message };
      return {
        ok: false,
        url,
        reason: `could not read the page: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
}

function decodeBody({ body, charset, mimeType }: Fetched): string {
  // An HTML page may name its charset only in a <meta> near the top.
  const declared =
    charset ??
    (HTML_TYPES.has(mimeType)
      ? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1]
      : null);
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function readPage(fetched: Fetched): ReadPage {
  const content = decodeBody(fetched);
  const page = fetched.mimeType === 'text/plain' ? readPlainText(fetched.url, content) : readHtml(fetched.url, content);
  if (page.text.length < PAGE_READER_LIMITS.minTextLength) throw new Dropped('too little readable text');
  return page;
}

function readPlainText(url: string, content: string): ReadPage {
  const text = normaliseText(content);
  const firstLine = text.split('\n')[0].slice(0, 200);
  return { url, title: firstLine || new URL(url).hostname, author: null, publishedAt: null, siteName: null, text };
}

type Document = ReturnType<typeof parseHTML>['document'];
/** What is read of an element (linkedom's query results are loosely typed). */
type HtmlElement = { getAttribute(name: string): string | null; textContent: string | null };

const all = (document: Document, selector: string) => Array.from(document.querySelectorAll(selector)) as HtmlElement[];

/** A page's HTML reduced to its readable text, title, author and date (also the blog writer's reader of a site's own pages). */
export function readHtml(url: string, html: string): ReadPage {
  const { document } = parseHTML(html);
  // Readability resolves links against these; linkedom leaves them unset.
  Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
  Object.defineProperty(document, 'baseURI', { value: url, configurable: true });
  // Read before Readability, which removes scripts (JSON-LD) and rewrites the page.
  const stated = statedMetadata(document);
  const pageTitle = normaliseText(document.querySelector('title')?.textContent ?? '');
  let article: ReturnType<Readability<unknown>['parse']>;
  try {
    // Readability is required on the first page read rather than when the API starts.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    const { Readability: PageReadability } = require('@mozilla/readability') as { Readability: typeof Readability };
    article = new PageReadability<unknown>(document as unknown as globalThis.Document, {
      serializer: (node) => node,
    }).parse();
  } catch {
    article = null;
  }
  const text = article?.content ? blockText(article.content) : blockText(parseHTML(html).document.body);
  return {
    url,
    title: normaliseText(article?.title ?? '') || pageTitle || new URL(url).hostname,
    author: cleanAuthor(article?.byline) ?? stated.author,
    publishedAt: stated.publishedAt ?? isoDate(article?.publishedTime),
    siteName: normaliseText(article?.siteName ?? '') || stated.siteName,
    text,
  };
}

/** The author, date and site name the page states in its <meta>, JSON-LD and <time> elements. */
function statedMetadata(document: Document): {
  author: string | null;
  publishedAt: string | null;
  siteName: string | null;
} {
  const meta = new Map<string, string>();
  for (const element of all(document, 'meta')) {
    const key = element.getAttribute('property') ?? element.getAttribute('name') ?? element.getAttribute('itemprop');
    const value = element.getAttribute('content');
    if (key && value && !meta.has(key.toLowerCase())) meta.set(key.toLowerCase(), value);
  }
  const itemprop = document.querySelector('[itemprop="datePublished"]');
  const jsonLd = jsonLdFacts(document);
  const dates = [
    meta.get('article:published_time'),
    meta.get('og:published_time'),
    meta.get('date'),
    meta.get('datepublished'),
    itemprop?.getAttribute('content') ?? itemprop?.getAttribute('datetime'),
    jsonLd.datePublished,
    document.querySelector('time[datetime]')?.getAttribute('datetime'),
  ];
  const authors = [meta.get('author'), meta.get('article:author'), jsonLd.author];
  return {
    author: authors.map(cleanAuthor).find((author) => author !== null) ?? null,
    publishedAt: dates.map(isoDate).find((date) => date !== null) ?? null,
    siteName: normaliseText(meta.get('og:site_name') ?? '') || null,
  };
}

/** The first datePublished and author name in the page's JSON-LD blocks (objects, arrays and @graph). */
function jsonLdFacts(document: Document): { datePublished?: string; author?: string } {
  const facts: { datePublished?: string; author?: string } = {};
  const nameOf = (author: unknown): string | undefined => {
    if (typeof author === 'string') return author;
    if (Array.isArray(author)) return author.map(nameOf).find(Boolean);
    if (author && typeof author === 'object' && typeof (author as { name?: unknown }).name === 'string')
      return (author as { name: string }).name;
    return undefined;
  };
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 5) return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    const record = node as Record<string, unknown>;
    if (!facts.datePublished && typeof record.datePublished === 'string') facts.datePublished = record.datePublished;
    if (!facts.author) facts.author = nameOf(record.author);
    visit(record['@graph'], depth + 1);
  };
  for (const script of all(document, 'script[type="application/ld+json"]')) {
    try {
      visit(JSON.parse(script.textContent ?? ''), 0);
    } catch {
      // A broken block says nothing; the others may.
    }
  }
  return facts;
}

/** A person's name: 'By ' dropped, whitespace collapsed; a profile address or an empty value is no name. */
function cleanAuthor(value: string | null | undefined): string | null {
  const name = normaliseText(value ?? '')
    .replace(/^by\s+/i, '')
    .slice(0, 200);
  return name && !/^https?:\/\//i.test(name) ? name : null;
}

function isoDate(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
