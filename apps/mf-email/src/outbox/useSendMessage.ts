/**
 * Sending a written message (issue 24): POST /api/emails/send puts it in the outbox, where it waits
 * for the undo window (or the chosen time) before a job sends it. The compose window calls
 * `useSendMessage().mutateAsync(message)`; this adds what the person sees next, as an antd
 * notification that outlives the compose window:
 *
 * - Send now: "Sending…" with an Undo button while the undo window lasts, then "Message sent" once
 *   the message has left the outbox (or "Message not sent" with the server's reason).
 * - Send later: "Scheduled for <time>", with Undo for a few seconds.
 *
 * Undo calls DELETE /api/emails/outbox/:id and hands the message back as written: to `onUndo` when
 * the caller gives one, else to `reopenMessage` (./reopenedMessages), which the compose window
 * subscribes to. Too late (the server already claimed it): the message's outcome is shown instead.
 */
import { createElement, useEffect, useRef } from 'react';
import { App, Button } from 'antd';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, invalidateAfter } from '@aide/api-client';
import {
  type ComposedMessage,
  EMAIL_UNDO_SEND_SECONDS,
  emailOutboxEndpoints,
  type OutgoingEmail,
  type SendComposedEmailPayload,
} from '@aide/contracts';
import { useT } from '../i18n/outbox';
import { serverMessage } from '../shared/emailText';
import { fullDate } from '../shared/time';
import { outboxErrorText } from './outboxErrors';
import { reopenMessage } from './reopenedMessages';

type Notifications = ReturnType<typeof App.useApp>['notification'];
type Translate = ReturnType<typeof useT>;

export interface SendMessageOptions {
  /** Undo took the message back: reopen it. Without this, it goes to `reopenMessage` (reopenedMessages.ts). */
  onUndo?: (message: ComposedMessage) => void;
}

/** How long to keep asking whether a message has gone out once its time has come. */
const OUTCOME_WAIT_MS = 90_000;
const OUTCOME_POLL_MS = 1_000;

export function useSendMessage(options: SendMessageOptions = {}) {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const t = useT();
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
        notification,
        t,
        queryClient,
        giveBack: (message) => (onUndo.current ?? reopenMessage)(message),
      });
    },
  });
}

interface AnnounceContext {
  notification: Notifications;
  t: Translate;
  queryClient: QueryClient;
  giveBack: (message: ComposedMessage) => void;
}

/** The notification of one sent message, from Send to its outcome. Plain timers: no component has to stay mounted. */
function announce(outgoing: OutgoingEmail, { notification, t, queryClient, giveBack }: AnnounceContext): void {
  const key = `aide-outbox-${outgoing.id}`;
  const subject = outgoing.subject.trim() || t('common.noSubject');
  // Settled: undone, or the undo window is over. The timer ends the window.
  const state: { settled: boolean; windowTimer?: ReturnType<typeof setTimeout> } = { settled: false };

  const undo = async () => {
    if (state.settled) return;
    state.settled = true;
    clearTimeout(state.windowTimer);
    notification.destroy(key);
    try {
      const { message } = await callEndpoint(emailOutboxEndpoints.cancel, { params: { id: outgoing.id } });
      void invalidateAfter(queryClient, emailOutboxEndpoints.cancel);
      notification.info({
        key: `${key}-undone`,
        title: t('notice.undone'),
        description: t('notice.backToEdit', { subject }),
      });
      giveBack(message);
    } catch (error) {
      notification.error({
        key: `${key}-undo-failed`,
        title: t('notice.undoFailed'),
        description: serverMessage(error, '') || undefined,
      });
      // Already on its way: show how it ends.
      if (!outgoing.scheduled) void watchOutcome();
    }
  };

  const undoButton = createElement(
    Button,
    { type: 'primary', size: 'small', onClick: () => void undo() },
    t('notice.undo'),
  );

  const watchOutcome = async () => {
    const deadline = Date.now() + OUTCOME_WAIT_MS;
    while (Date.now() < deadline) {
      const items = await callEndpoint(emailOutboxEndpoints.outbox).catch(() => null);
      const item = items?.find((candidate) => candidate.id === outgoing.id);
      if (items && (!item || item.status === 'failed')) {
        notification.destroy(key);
        void invalidateAfter(queryClient, emailOutboxEndpoints.send);
        if (!item) notification.success({ key: `${key}-sent`, title: t('notice.sent'), description: subject });
        else
          notification.error({
            key: `${key}-failed`,
            title: t('notice.notSent'),
            description: outboxErrorText(item.error, t),
          });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
    }
    // Still not out (the workers are busy or down): the Scheduled tab will say how it ends.
    notification.destroy(key);
  };

  if (outgoing.scheduled) {
    notification.success({
      key,
      title: t('notice.scheduled', { time: fullDate(outgoing.sendAt) }),
      description: subject,
      actions: undoButton,
      duration: EMAIL_UNDO_SEND_SECONDS,
    });
    return;
  }

  notification.open({ key, title: t('notice.sending'), description: subject, actions: undoButton, duration: 0 });
  state.windowTimer = setTimeout(
    () => {
      if (state.settled) return;
      state.settled = true;
      // The window is over: no more Undo, only the outcome to wait for.
      notification.open({ key, title: t('notice.sending'), description: subject, duration: 0 });
      void watchOutcome();
    },
    Math.max(0, Date.parse(outgoing.sendAt) - Date.now()),
  );
}
