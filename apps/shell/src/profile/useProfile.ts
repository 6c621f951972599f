/** Data access for the Profile screen (spec §7): GET and PATCH /api/profile. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, invalidateAfter, queryKeyOf } from '@aide/api-client';
import { setLocale } from '@aide/i18n';
import { type Profile, profileEndpoints, type UpdateProfilePayload } from '@aide/contracts';

export const PROFILE_QUERY_KEY = queryKeyOf(profileEndpoints.get);

/**
 * null when the API answers 401: the screen then shows 'Authentication Required' (spec §2) instead of
 * the shell's global "logged out" toast and redirect, so that state stays on screen.
 */
export const PROFILE_QUERY = {
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }): Promise<Profile | null> =>
    callEndpoint(profileEndpoints.get, { on401: 'returnNull', signal }),
};

export function useProfile() {
  return useQuery<Profile | null>(PROFILE_QUERY);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateProfilePayload) => callEndpoint(profileEndpoints.update, { body: payload }),
    // Spec §7: refetch after a successful change; the user too, since the sidebar shows the name.
    // A new language applies at once, before the save's toast (LanguageSync would follow the refetch).
    onSuccess: (_profile, payload) =>
      Promise.all([
        payload.language ? setLocale(payload.language) : undefined,
        invalidateAfter(queryClient, profileEndpoints.update),
      ]),
  });
}
