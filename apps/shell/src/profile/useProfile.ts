/** Data access for the Profile screen (spec §7): GET and PATCH /api/profile. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getQueryFn } from '@aide/api-client';
import type { Profile, UpdateProfilePayload } from '@aide/contracts';
import { AUTH_QUERY_KEY } from '../auth/useAuth';

export const PROFILE_QUERY_KEY = ['/api/profile'] as const;

/**
 * null when the API answers 401: the screen then shows 'Authentication Required' (spec §2) instead of
 * the shell's global "logged out" toast and redirect, so that state stays on screen.
 */
export function useProfile() {
  return useQuery<Profile | null>({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }) as () => Promise<Profile | null>,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateProfilePayload) => api.patch<Profile>('/api/profile', payload),
    // Spec §7: refetch after a successful change; the user too, since the sidebar shows the name.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY }),
      ]),
  });
}
