import type { SearchResult } from '@aide/contracts';
import { DiscoveryService } from '@nestjs/core';

/** One hit from a provider: a SearchResult without its module (the registry adds it), plus a rank. */
export interface SearchHit extends Omit<SearchResult, 'module'> {
  /** Higher is better; comparable between providers of one module (ts_rank for full-text providers). */
  rank: number;
}

/**
 * What a domain module contributes to GET /api/search. The search service asks a provider only
 * when the user may use `moduleId` (its `module.<id>` toggle), and keeps the best
 * SEARCH_RESULTS_PER_MODULE hits per module across that module's providers.
 */
export interface SearchProvider {
  /** The module group the results belong to and whose toggle gates them, e.g. 'organiser'. */
  readonly moduleId: string;
  /**
   * The user's items matching `query` (the trimmed text as typed), best first, at most `limit`.
   * Only this user's rows; must not throw for any text (quotes, operators, unicode).
   */
  search(userId: number, query: string, limit: number): Promise<SearchHit[]>;
}

/**
 * Marks a provider class as a SearchProvider for SearchRegistry, which finds every marked provider
 * of the app at start-up (Nest's DiscoveryService): `@SearchProvider() @Injectable() class … implements SearchProvider`.
 */
export const SearchProvider = DiscoveryService.createDecorator<void>();
