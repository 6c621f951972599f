/** Data access for the email screen (spec §7); components use these hooks and never call fetch. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import {
  type ClassifyEmailPayload,
  emailEndpoints,
  type ForwardEmailPayload,
  type ReplyEmailPayload,
  type UpdateEmailPayload,
} from '@aide/contracts';
import { type EmailListFilters, normaliseFilters } from './emailQuery';

/** The tiles' and tab counts' key; the sidebar badge reads the same query. */
export const EMAIL_STATS_QUERY_KEY = queryKeyOf(emailEndpoints.stats);

/** One page of a tab, newest first. The previous page stays on screen while the next one loads. */
export function useEmailList(filters: EmailListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...endpointQuery(emailEndpoints.list, { query: normaliseFilters(filters) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The tiles and the tab counts (GET /api/emails/stats). */
export function useEmailStats() {
  return useQuery(endpointQuery(emailEndpoints.stats));
}

export interface UpdateEmailVariables {
  id: number;
  payload: UpdateEmailPayload;
}

/** PATCH /api/emails/:id: priority and category, or isArchived, or isRead. Answers the updated email. */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateEmailVariables) =>
      callEndpoint(emailEndpoints.update, { params: { id }, body: payload }),
    // Not awaited: the dialog shows the answer at once while the lists, counts and dashboard refetch.
    onSuccess: () => void invalidateAfter(queryClient, emailEndpoints.update),
  });
}

export function useReplyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ReplyEmailPayload) => callEndpoint(emailEndpoints.reply, { body: payload }),
    onSuccess: () => void invalidateAfter(queryClient, emailEndpoints.reply),
  });
}

export function useForwardEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ForwardEmailPayload) => callEndpoint(emailEndpoints.forward, { body: payload }),
    onSuccess: () => void invalidateAfter(queryClient, emailEndpoints.forward),
  });
}

/** POST /api/emails/classify: what triage would make of a message; nothing is stored. */
export function useClassifyEmail() {
  return useMutation({
    mutationFn: (payload: ClassifyEmailPayload) => callEndpoint(emailEndpoints.classify, { body: payload }),
  });
}
