/**
 * The notification that follows a message from the moment it is handed to the outbox to its
 * outcome (issue 24), as an antd notification that outlives the window it came from:
 *
 * - Going out now (Send, Send now): "Sending…" with an Undo button while the undo window lasts,
 *   then "Message sent" once the message has left the outbox, or "Message not sent" with the reason.
 * - Going out later (Send with a time): "Scheduled for <time>", with Undo for a few seconds.
 *
 * What Undo does is the caller's (`undo`): take the message back to edit (Send), or put it back at
 * its scheduled time (Send now). Too late (the server already claimed it): the outcome is shown.
 */
import { createElement, useCallback } from 'react';
import { App, Button } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, invalidateAfter } from '@aide/api-client';
import { EMAIL_UNDO_SEND_SECONDS, emailOutboxEndpoints, type OutgoingEmail } from '@aide/contracts';
import { useT } from '../i18n/outbox';
import { serverMessage } from '../shared/emailText';
import { fullDate } from '../shared/time';
import { outboxErrorText } from './outboxErrors';

type Notifications = ReturnType<typeof App.useApp>['notification'];
type Translate = ReturnType<typeof useT>;

export interface UndoAction {
  /** Takes the message back on the server; throws what the server answered (409 once it went out). */
  run: () => Promise<void>;
  /** Shown once it is done, under "Sending undone". */
  doneText: string;
  /** Whether it goes out at the end of the undo window; by default, unless the person chose its time. */
  goingNow?: boolean;
}

/** How long to keep asking whether a message has gone out once its time has come. */
const OUTCOME_WAIT_MS = 90_000;
const OUTCOME_POLL_MS = 1_000;

/** `announce(outgoing, undo)`: shows the notification of a message just handed to the outbox. */
export function useOutboxNotice() {
  const { notification } = App.useApp();
  const t = useT();
  const queryClient = useQueryClient();
  return useCallback(
    (outgoing: OutgoingEmail, undo: UndoAction) => announce(outgoing, undo, { notification, t, queryClient }),
    [notification, t, queryClient],
  );
}

interface NoticeContext {
  notification: Notifications;
  t: Translate;
  queryClient: QueryClient;
}

/** Plain timers and calls: no component has to stay mounted for the outcome to be shown. */
function announce(outgoing: OutgoingEmail, undoAction: UndoAction, { notification, t, queryClient }: NoticeContext) {
  const key = `aide-outbox-${outgoing.id}-${Date.now()}`;
  const subject = outgoing.subject.trim() || t('common.noSubject');
  const goingNow = undoAction.goingNow ?? !outgoing.scheduled;
  // Settled: undone, or the undo window is over. The timer ends the window.
  const state: { settled: boolean; windowTimer?: ReturnType<typeof setTimeout> } = { settled: false };

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

  const undo = async () => {
    if (state.settled) return;
    state.settled = true;
    clearTimeout(state.windowTimer);
    notification.destroy(key);
    try {
      await undoAction.run();
      notification.info({ key: `${key}-undone`, title: t('notice.undone'), description: undoAction.doneText });
    } catch (error) {
      notification.error({
        key: `${key}-undo-failed`,
        title: t('notice.undoFailed'),
        description: serverMessage(error, '') || undefined,
      });
      // Already on its way: show how it ends.
      if (goingNow) void watchOutcome();
    }
  };

  const actions = createElement(
    Button,
    { type: 'primary', size: 'small', onClick: () => void undo() },
    t('notice.undo'),
  );

  if (!goingNow) {
    notification.success({
      key,
      title: t('notice.scheduled', { time: fullDate(outgoing.sendAt) }),
      description: subject,
      actions,
      duration: EMAIL_UNDO_SEND_SECONDS,
    });
    return;
  }

  const spinner = createElement(LoadingOutlined, { 'aria-hidden': true, style: { color: 'var(--ant-color-primary)' } });
  notification.open({ key, title: t('notice.sending'), description: subject, actions, duration: 0, icon: spinner });
  state.windowTimer = setTimeout(
    () => {
      if (state.settled) return;
      state.settled = true;
      // The window is over: no more Undo, only the outcome to wait for.
      notification.open({ key, title: t('notice.sending'), description: subject, duration: 0, icon: spinner });
      void watchOutcome();
    },
    Math.max(0, Date.parse(outgoing.sendAt) - Date.now()),
  );
}
