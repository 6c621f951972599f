import { z } from 'zod';
import { type WebSearchProvider, WebSearchError, type WebSearchResult } from '../pipeline.types';

export interface SearxngOptions {
  /** RESEARCH_SEARCH_URL: the instance's address; it answers at <url>/search. */
  baseUrl: string;
  /** RESEARCH_FETCH_TIMEOUT_MS: the whole answer must arrive within this. */
  timeoutMs: number;
}

/** The part of SearxNG's JSON answer we read; other fields (engines, score, answers …) are ignored. */
const searxngAnswer = z.object({
  results: z.array(
    z.object({
      url: z.string(),
      title: z.string().nullish(),
      content: z.string().nullish(),
      publishedDate: z.string().nullish(),
    }),
  ),
});

/**
 * Web search through a SearxNG instance's JSON API (GET /search?q=…&format=json; the instance
 * must list `json` under search.formats in its settings.yml). Its results are already ranked
 * across engines; this keeps http(s) ones, each address once.
 */
export class SearxngSearchProvider implements WebSearchProvider {
  readonly name = 'searxng';

  constructor(private readonly options: SearxngOptions) {}

  async search(query: string, { limit, signal }: { limit: number; signal?: AbortSignal }): Promise<WebSearchResult[]> {
    const url = new URL(this.options.baseUrl);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/search`;
    url.search = new URLSearchParams({ q: query, format: 'json' }).toString();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;

    let body: unknown;
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' }, signal: combined });
      if (!response.ok) {
        await response.body?.cancel();
        // SearxNG answers 403 to format=json unless its settings allow it.
        const hint = response.status === 403 ? ' (is the json format enabled in its settings.yml?)' : '';
        throw new WebSearchError(`Web search failed: the search engine answered ${response.status}${hint}`);
      }
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        throw new WebSearchError('Web search failed: the search engine did not answer JSON');
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof WebSearchError) throw error;
      if (timeout.aborted)
        throw new WebSearchError(
          `Web search failed: the search engine did not answer within ${this.options.timeoutMs} ms`,
        );
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new WebSearchError(`Web search failed: could not reach the search engine${code ? ` (${code})` : ''}`);
    }

    const parsed = searxngAnswer.safeParse(body);
    if (!parsed.success)
      throw new WebSearchError('Web search failed: the search engine answered JSON without a list of results');
    return toResults(parsed.data.results, limit);
  }
}

function toResults(results: z.infer<typeof searxngAnswer>['results'], limit: number): WebSearchResult[] {
  const seen = new Set<string>();
  const kept: WebSearchResult[] = [];
  for (const result of results) {
    if (kept.length >= limit) break;
    let address: URL;
    try {
      address = new URL(result.url);
    } catch {
      continue;
    }
    if (address.protocol !== 'http:' && address.protocol !== 'https:') continue;
    // Engines link the same page with different #anchors; it is one source.
    address.hash = '';
    if (seen.has(address.href)) continue;
    seen.add(address.href);
    kept.push({
      url: address.href,
      title: result.title?.trim() || address.href,
      snippet: result.content?.trim() ?? '',
      publishedAt: isoDate(result.publishedDate),
    });
  }
  return kept;
}

function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
