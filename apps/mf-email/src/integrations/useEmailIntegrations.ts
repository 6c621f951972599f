/** Data access for the Email Integrations panel (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type {
  CreateEmailIntegrationPayload,
  EmailIntegration,
  EmailOAuthAvailability,
  UpdateEmailIntegrationPayload,
} from '@aide/contracts';

/** An account as the list shows it; `syncing` says a sync is queued or running. */
export type EmailAccount = EmailIntegration;

export const INTEGRATIONS_QUERY_KEY = ['/api/email-integrations'] as const;
export const OAUTH_QUERY_KEY = ['/api/email-integrations/oauth'] as const;
/** Spec §7: for gmail with OAuth, the browser goes here instead of the POST. */
export const GMAIL_OAUTH_PATH = '/api/auth/gmail';

const integrationPath = (id: number) => `${INTEGRATIONS_QUERY_KEY[0]}/${id}`;

/**
 * While an account syncs, the list is also re-read every 15 s: the live stream normally refetches it
 * when the sync job ends, and this keeps 'Syncing...' from sticking if that event is missed.
 */
export const SYNCING_REFETCH_MS = 15_000;

export function useEmailIntegrations() {
  return useQuery<EmailAccount[]>({
    queryKey: INTEGRATIONS_QUERY_KEY,
    refetchInterval: (query) => (query.state.data?.some((account) => account.syncing) ? SYNCING_REFETCH_MS : false),
  });
}

/** Whether gmail connects with OAuth here; asked only while the Add dialog is open. */
export function useEmailOAuthAvailability(enabled: boolean) {
  return useQuery<EmailOAuthAvailability>({ queryKey: OAUTH_QUERY_KEY, enabled });
}

/** Accounts change the mail too (a new account's first sync, a removed account's messages). */
function useRefetch() {
  const queryClient = useQueryClient();
  return {
    accounts: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_QUERY_KEY }),
    accountsAndMail: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INTEGRATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/emails'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/emails/stats'] }),
      ]),
  };
}

export function useCreateEmailIntegration() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (payload: CreateEmailIntegrationPayload) => api.post<EmailAccount>(INTEGRATIONS_QUERY_KEY[0], payload),
    onSuccess: refetch.accountsAndMail,
  });
}

export interface UpdateEmailIntegrationVariables {
  id: number;
  payload: UpdateEmailIntegrationPayload;
}

export function useUpdateEmailIntegration() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateEmailIntegrationVariables) =>
      api.patch<EmailAccount>(integrationPath(id), payload),
    onSuccess: refetch.accounts,
  });
}

export function useDeleteEmailIntegration() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: number) => api.delete(integrationPath(id)),
    onSuccess: refetch.accountsAndMail,
  });
}

/** Queues a sync: the API answers 202 with the account `syncing: true`; the list says when it has ended. */
export function useSyncEmailIntegration() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: number) => api.post<EmailAccount | undefined>(`${integrationPath(id)}/sync`),
    onSuccess: refetch.accounts,
  });
}
