import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@aide/api-client';
import { searchEndpoints } from '@aide/contracts';
import { useDebouncedValue } from '@aide/ui';

export const SEARCH_DEBOUNCE_MS = 250;

/** GET /api/search?q= for what the user typed, once they pause; nothing for blank text. */
export function useGlobalSearch(text: string) {
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = query.length >= 1;
  const result = useQuery({
    ...endpointQuery(searchEndpoints.find, { query: { q: query } }),
    enabled,
    // Results change as the user's data does: reuse them briefly, not forever.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return {
    query,
    results: enabled ? (result.data?.results ?? []) : [],
    /** Typing ahead of the debounce, or the request is out. */
    pending: text.trim() !== query || (enabled && result.isFetching),
    error: enabled && result.isError,
  };
}
