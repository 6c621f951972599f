import { z } from 'zod';

export const SEARCH_QUERY_MAX = 200;
/** Results per module group, best first. */
export const SEARCH_RESULTS_PER_MODULE = 5;

/** GET /api/search?q=: a blank query is refused rather than matching everything. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(1, 'Search text is required')
    .max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** One hit: enough to show it in the header's result list and open it. */
export interface SearchResult {
  /** The module group it belongs to, e.g. 'organiser'. */
  module: string;
  /** What it is, e.g. 'task' or 'event'. */
  type: string;
  id: number;
  title: string;
  /** A short excerpt of the matching text, plain text (no markup). */
  snippet: string | null;
  /** In-app path that shows it, e.g. '/tasks'. */
  link: string;
}

/** GET /api/search: only modules the user may use contribute. */
export interface SearchResponse {
  query: string;
  results: SearchResult[];
}

export const searchResultSchema: z.ZodType<SearchResult> = z.object({
  module: z.string(),
  type: z.string(),
  id: z.number().int(),
  title: z.string(),
  snippet: z.string().nullable(),
  link: z.string(),
});

export const searchResponseSchema: z.ZodType<SearchResponse> = z.object({
  query: z.string(),
  results: z.array(searchResultSchema),
});
