import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, queryKeyOf } from '@aide/api-client';
import { accountEndpoints, type ChangePasswordInput } from '@aide/contracts';
import { AUTH_QUERY_KEY } from '../../auth/useAuth';

export const SESSIONS_QUERY_KEY = queryKeyOf(accountEndpoints.sessions);

/** The signed-in user's sessions, this one first. */
export function useSessions() {
  return useQuery(endpointQuery(accountEndpoints.sessions));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionKey: string) => callEndpoint(accountEndpoints.endSession, { params: { sessionKey } }),
    // Also after a failure: the session may have ended meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(accountEndpoints.endOtherSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => callEndpoint(accountEndpoints.changePassword, { body: input }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(AUTH_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    },
  });
}

export function useSendVerification() {
  return useMutation({ mutationFn: () => callEndpoint(accountEndpoints.sendVerification) });
}
