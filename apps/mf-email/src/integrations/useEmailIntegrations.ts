/** Data access for the Email Integrations panel (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, endpointUrl, invalidateAfter, queryKeyOf } from '@aide/api-client';
import {
  type CreateEmailIntegrationPayload,
  type EmailIntegration,
  emailEndpoints,
  type UpdateEmailIntegrationPayload,
} from '@aide/contracts';

/** An account as the list shows it; `syncing` says a sync is queued or running. */
export type EmailAccount = EmailIntegration;

export const INTEGRATIONS_QUERY_KEY = queryKeyOf(emailEndpoints.integrations);

/** Spec §7: for gmail with OAuth, the browser goes here instead of the POST, and comes back to `returnTo`. */
export const gmailOAuthUrl = (returnTo: string) => endpointUrl(emailEndpoints.gmailOAuthStart, undefined, { returnTo });

/**
 * While an account syncs, the list is also re-read every 15 s: the live stream normally refetches it
 * when the sync job ends, and this keeps 'Syncing...' from sticking if that event is missed.
 */
export const SYNCING_REFETCH_MS = 15_000;

export function useEmailIntegrations() {
  return useQuery({
    ...endpointQuery(emailEndpoints.integrations),
    refetchInterval: (query) => (query.state.data?.some((account) => account.syncing) ? SYNCING_REFETCH_MS : false),
  });
}

/** Whether gmail connects with OAuth here; asked only while the Add dialog is open. */
export function useEmailOAuthAvailability(enabled: boolean) {
  return useQuery({ ...endpointQuery(emailEndpoints.oauthAvailability), enabled });
}

/** Each mutation stays pending until what it changed is fresh (accounts change the mail too). */
export function useCreateEmailIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateEmailIntegrationPayload) =>
      callEndpoint(emailEndpoints.createIntegration, { body: payload }),
    onSuccess: () => invalidateAfter(queryClient, emailEndpoints.createIntegration),
  });
}

export interface UpdateEmailIntegrationVariables {
  id: number;
  payload: UpdateEmailIntegrationPayload;
}

export function useUpdateEmailIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateEmailIntegrationVariables) =>
      callEndpoint(emailEndpoints.updateIntegration, { params: { id }, body: payload }),
    onSuccess: () => invalidateAfter(queryClient, emailEndpoints.updateIntegration),
  });
}

export function useDeleteEmailIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(emailEndpoints.removeIntegration, { params: { id } }),
    onSuccess: () => invalidateAfter(queryClient, emailEndpoints.removeIntegration),
  });
}

/** Queues a sync: the API answers 202 with the account `syncing: true`; the list says when it has ended. */
export function useSyncEmailIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(emailEndpoints.syncIntegration, { params: { id } }),
    onSuccess: () => invalidateAfter(queryClient, emailEndpoints.syncIntegration),
  });
}
