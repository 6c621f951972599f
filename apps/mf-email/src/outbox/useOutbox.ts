/** Data access for the outbox (GET/PATCH/DELETE /api/emails/outbox); components never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { emailOutboxEndpoints, type OutgoingEmail } from '@aide/contracts';

/** How often an open Scheduled tab looks again (a message may go out, or fail, meanwhile). */
const REFRESH_MS = 15_000;

/** Messages waiting, being sent, or failed, soonest first. */
export function useOutbox({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...endpointQuery(emailOutboxEndpoints.outbox),
    refetchInterval: poll ? REFRESH_MS : false,
  });
}

/** What the Scheduled tab lists: the messages given a time, and those that could not be sent. */
export function scheduledOrFailed(items: OutgoingEmail[] | undefined): OutgoingEmail[] {
  return (items ?? []).filter((item) => item.scheduled || item.status === 'failed');
}

export function useRescheduleOutgoing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sendAt }: { id: number; sendAt: string }) =>
      callEndpoint(emailOutboxEndpoints.reschedule, { params: { id }, body: { sendAt } }),
    onSuccess: () => void invalidateAfter(queryClient, emailOutboxEndpoints.reschedule),
  });
}

/** Undo / Cancel: answers the message as it was written, to edit. */
export function useCancelOutgoing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(emailOutboxEndpoints.cancel, { params: { id } }),
    onSuccess: () => void invalidateAfter(queryClient, emailOutboxEndpoints.cancel),
  });
}
