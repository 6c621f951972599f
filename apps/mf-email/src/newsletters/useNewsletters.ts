/** Data access for the Newsletters view and the privacy bar (issue 24); components never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { type CreateSenderRulePayload, type Email, emailNewslettersEndpoints as routes } from '@aide/contracts';

/** Senders of newsletter and promotion mail, latest first. */
export function useNewsletterSenders() {
  return useQuery(endpointQuery(routes.list));
}

/** The user's per-sender rules (keep archiving, always show images). */
export function useSenderRules({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...endpointQuery(routes.rules), enabled });
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sender: string) => callEndpoint(routes.unsubscribe, { body: { sender } }),
    onSuccess: () => void invalidateAfter(queryClient, routes.unsubscribe),
  });
}

export function useArchiveAllFromSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sender: string) => callEndpoint(routes.archiveAll, { body: { sender } }),
    onSuccess: () => void invalidateAfter(queryClient, routes.archiveAll),
  });
}

export function useCreateSenderRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: CreateSenderRulePayload) => callEndpoint(routes.createRule, { body: rule }),
    onSuccess: () => void invalidateAfter(queryClient, routes.createRule),
  });
}

export function useDeleteSenderRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(routes.deleteRule, { params: { id } }),
    onSuccess: () => void invalidateAfter(queryClient, routes.deleteRule),
  });
}

/** The lower-case address of a From text ('Ann <ann@x.org>' → 'ann@x.org'), as the API matches rules. */
export function senderAddress(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match ? match[1] : from).trim().toLowerCase();
}

/** Whether an HTML body names anything remote at all (only then is the user's choice worth asking the API). */
const NAMES_REMOTE = /(?:https?:)?\/\//i;
export const namesRemoteContent = (htmlBody: string | null | undefined) =>
  Boolean(htmlBody && NAMES_REMOTE.test(htmlBody));

/** What the privacy bar offers for one message: whether its sender's images always show, and the action to make it so. */
export interface RemoteContentChoice {
  sender: string;
  alwaysShown: boolean;
  onAlwaysShow: () => Promise<void>;
  pending: boolean;
}

/** The privacy bar's per-sender choice for a message (undefined until it is known, or without an HTML body naming remote content). */
export function useRemoteContentChoice(
  email: Pick<Email, 'from' | 'htmlBody'> | null,
): RemoteContentChoice | undefined {
  const sender = email?.from ? senderAddress(email.from) : '';
  const relevant = sender.includes('@') && namesRemoteContent(email?.htmlBody);
  const rules = useSenderRules({ enabled: relevant });
  const create = useCreateSenderRule();
  if (!relevant || !rules.data) return undefined;
  return {
    sender,
    alwaysShown: rules.data.some((rule) => rule.kind === 'remote-content' && rule.sender === sender),
    onAlwaysShow: async () => {
      await create.mutateAsync({ sender, kind: 'remote-content' });
    },
    pending: create.isPending,
  };
}
