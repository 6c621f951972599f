/**
 * Sending a written message (issue 24): POST /api/emails/send puts it in the outbox, where it waits
 * for the undo window (or the chosen time) before a job sends it. The compose window calls
 * `useSendMessage().mutateAsync(message)`; the person then sees "Sending…" with Undo, and "Message
 * sent" (or "Scheduled for <time>"): see outboxNotice.ts.
 *
 * Undo calls DELETE /api/emails/outbox/:id and hands the message back as written: to `onUndo` when
 * the caller gives one, else to `reopenMessage` (reopenedMessages.ts), which the compose window
 * subscribes to (`useReopenedMessages`).
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, invalidateAfter } from '@aide/api-client';
import { type ComposedMessage, emailOutboxEndpoints, type SendComposedEmailPayload } from '@aide/contracts';
import { useT } from '../i18n/outbox';
import { useOutboxNotice } from './outboxNotice';
import { reopenMessage } from './reopenedMessages';

export interface SendMessageOptions {
  /** Undo took the message back: reopen it. Without this, it goes to `reopenMessage` (reopenedMessages.ts). */
  onUndo?: (message: ComposedMessage) => void;
}

export function useSendMessage(options: SendMessageOptions = {}) {
  const queryClient = useQueryClient();
  const t = useT();
  const announce = useOutboxNotice();
  // The latest callback, read when Undo is clicked (the compose window may have re-rendered or closed).
  const onUndo = useRef(options.onUndo);
  useEffect(() => {
    onUndo.current = options.onUndo;
  });
  return useMutation({
    mutationFn: (message: SendComposedEmailPayload) => callEndpoint(emailOutboxEndpoints.send, { body: message }),
    onSuccess: (outgoing) => {
      void invalidateAfter(queryClient, emailOutboxEndpoints.send);
      announce(outgoing, {
        run: async () => {
          const { message } = await callEndpoint(emailOutboxEndpoints.cancel, { params: { id: outgoing.id } });
          void invalidateAfter(queryClient, emailOutboxEndpoints.cancel);
          (onUndo.current ?? reopenMessage)(message);
        },
        doneText: t('notice.backToEdit', { subject: outgoing.subject.trim() || t('common.noSubject') }),
      });
    },
  });
}
