import { useQuery } from '@tanstack/react-query';
import { callEndpoint, queryKeyOf } from '@aide/api-client';
import { authEndpoints, type AuthUser } from '@aide/contracts';

export const AUTH_QUERY_KEY = queryKeyOf(authEndpoints.user);

/** Spec §2: a visitor counts as signed in when the user call returns data; no retry. */
export const AUTH_QUERY = {
  queryKey: AUTH_QUERY_KEY,
  // A 401 answers null (signed out), not an error.
  queryFn: ({ signal }: { signal?: AbortSignal }): Promise<AuthUser | null> =>
    callEndpoint(authEndpoints.user, { on401: 'returnNull', signal }),
  retry: false,
} as const;

export function useAuth() {
  const query = useQuery<AuthUser | null>(AUTH_QUERY);
  return { user: query.data ?? null, isLoading: query.isLoading };
}
