/**
 * Sending a written message (issue 24): POST /api/emails/send puts it in the outbox, where it waits
 * for the undo window (or the chosen time) before a job sends it. The compose window calls this; the
 * outbox part adds the Undo notification.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, invalidateAfter } from '@aide/api-client';
import { emailOutboxEndpoints, type SendComposedEmailPayload } from '@aide/contracts';

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: SendComposedEmailPayload) => callEndpoint(emailOutboxEndpoints.send, { body: message }),
    onSuccess: () => void invalidateAfter(queryClient, emailOutboxEndpoints.send),
  });
}
