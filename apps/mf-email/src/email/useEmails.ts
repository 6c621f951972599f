/** Data access for the email screen (spec §7); components use these hooks and never call fetch. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type {
  ClassifyEmailPayload,
  Email,
  EmailPage,
  EmailStats,
  EmailTriage,
  ForwardEmailPayload,
  ReplyEmailPayload,
  SendEmailResult,
  UpdateEmailPayload,
} from '@aide/contracts';
import {
  EMAIL_STATS_QUERY_KEY,
  EMAILS_QUERY_KEY,
  emailListKey,
  emailListUrl,
  type EmailListFilters,
} from './emailQuery';

/** One page of a tab, newest first. The previous page stays on screen while the next one loads. */
export function useEmailList(filters: EmailListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<EmailPage>({
    queryKey: emailListKey(filters),
    queryFn: ({ signal }) => api.get<EmailPage>(emailListUrl(filters), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The tiles and the tab counts (GET /api/emails/stats); the sidebar badge reads the same query. */
export function useEmailStats() {
  return useQuery<EmailStats>({ queryKey: EMAIL_STATS_QUERY_KEY });
}

/** After a change: the lists, the counts and the dashboard's email figures. */
function useRefetchEmails() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EMAILS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: EMAIL_STATS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] }),
    ]);
}

export interface UpdateEmailVariables {
  id: number;
  payload: UpdateEmailPayload;
}

/** PATCH /api/emails/:id: priority and category, or isArchived, or isRead. Answers the updated email. */
export function useUpdateEmail() {
  const refetch = useRefetchEmails();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateEmailVariables) => api.patch<Email>(`/api/emails/${id}`, payload),
    onSuccess: () => void refetch(),
  });
}

export function useReplyEmail() {
  const refetch = useRefetchEmails();
  return useMutation({
    mutationFn: (payload: ReplyEmailPayload) => api.post<SendEmailResult>('/api/emails/reply', payload),
    onSuccess: () => void refetch(),
  });
}

export function useForwardEmail() {
  const refetch = useRefetchEmails();
  return useMutation({
    mutationFn: (payload: ForwardEmailPayload) => api.post<SendEmailResult>('/api/emails/forward', payload),
    onSuccess: () => void refetch(),
  });
}

/** POST /api/emails/classify: what triage would make of a message; nothing is stored. */
export function useClassifyEmail() {
  return useMutation({
    mutationFn: (payload: ClassifyEmailPayload) => api.post<EmailTriage>('/api/emails/classify', payload),
  });
}
