import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './request';

/** Spec §7: the default read is a GET to the query key's path, joined with '/'. */
export const getQueryFn =
  ({ on401 }: { on401: 'throw' | 'returnNull' }): QueryFunction =>
  ({ queryKey, signal }) =>
    apiRequest('GET', queryKey.join('/'), undefined, { on401, signal });

/** Spec §7: never stale, no interval, no refetch on focus, no retries for queries or mutations. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
