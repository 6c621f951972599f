import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { AuthUser, ChangePasswordInput, SignInSession } from '@aide/contracts';
import { AUTH_QUERY_KEY } from '../../auth/useAuth';

export const SESSIONS_QUERY_KEY = ['/api/account/sessions'];

/** The signed-in user's sessions, this one first. */
export function useSessions() {
  return useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: () => api.get<SignInSession[]>('/api/account/sessions') });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.delete(`/api/account/sessions/${encodeURIComponent(key)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/account/sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api.post<{ message: string; user: AuthUser }>('/api/account/password', input),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(AUTH_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    },
  });
}

export function useSendVerification() {
  return useMutation({ mutationFn: () => api.post<{ message: string }>('/api/account/verification-email') });
}
