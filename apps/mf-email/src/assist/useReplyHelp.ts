/** Reply help (issue 24): suggested short replies and a drafted reply for one received message. */
import { callEndpoint } from '@aide/api-client';
import { type Email, emailAssistEndpoints } from '@aide/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';

/** Received mail only (a draft or a sent message is the user's own), and never a suspected phishing mail. */
export const canHelpReply = (email: Email | null): email is Email =>
  Boolean(email) && !email?.metadata?.status && !email?.metadata?.phishing;

const fetchHelp = (id: number) => callEndpoint(emailAssistEndpoints.replyHelp, { params: { id } });

/** The chips under an opened message; fetched once per message while the detail is open. */
export function useReplySuggestions(email: Email | null, open: boolean) {
  return useQuery({
    queryKey: ['email-reply-help', email?.id],
    queryFn: () => fetchHelp(email!.id),
    enabled: open && canHelpReply(email),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** 'Draft a reply' in the Reply dialog: asked each time (a model may write another draft). */
export function useDraftReply() {
  return useMutation({ mutationFn: (id: number) => fetchHelp(id) });
}
