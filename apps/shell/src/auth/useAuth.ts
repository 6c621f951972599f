import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@aide/api-client';
import type { AuthUser } from '@aide/contracts';

export const AUTH_QUERY_KEY = ['/api/auth/user'];

/** Spec §2: a visitor counts as signed in when the user call returns data; no retry. */
export const AUTH_QUERY = {
  queryKey: AUTH_QUERY_KEY,
  queryFn: getQueryFn({ on401: 'returnNull' }) as () => Promise<AuthUser | null>,
  retry: false,
} as const;

export function useAuth() {
  const query = useQuery<AuthUser | null>(AUTH_QUERY);
  return { user: query.data ?? null, isLoading: query.isLoading };
}
