/**
 * Bulk actions (issue 24): one POST /api/emails/bulk for the selection (its ids, or the list's
 * filter when "all matching"), then a notification saying what was done, with Undo
 * (POST /api/emails/bulk/undo) while it shows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { callEndpoint, invalidateAfter, isUnauthorizedError } from '@aide/api-client';
import {
  EMAIL_INBOX_FOLDER,
  type EmailBulkAction,
  emailActionsEndpoints,
  type EmailBulkResult,
  type EmailSelection,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { serverMessage } from '../shared/emailText';
import { t } from '../i18n/actions';

/** How long the notification (and so its Undo button) stays. */
const UNDO_NOTICE_SECONDS = 10;

export interface BulkActionVariables {
  selection: EmailSelection;
  action: EmailBulkAction;
  /** A move's folder as the person saw it in the menu (its name), for the notification; not sent. */
  folderLabel?: string;
}

/** What the notification says was done: a move back to the Inbox reads as such, a move names the folder. */
function doneMessage(action: EmailBulkAction, count: number, folderLabel?: string): string {
  if (action.type !== 'moveToFolder') return t(`done.${action.type}`, { count });
  if (action.folder.toUpperCase() === EMAIL_INBOX_FOLDER) return t('done.moveToInbox', { count });
  return t('done.moveToFolder', { count, folder: folderLabel ?? action.folder });
}

export function useBulkActions() {
  const { toast } = useHost();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();

  const undo = useMutation({
    mutationFn: (undoToken: string) => callEndpoint(emailActionsEndpoints.undo, { body: { undoToken } }),
    onSuccess: ({ restored }) => {
      toast({ title: t('undone', { count: restored }) });
      void invalidateAfter(queryClient, emailActionsEndpoints.undo);
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: t('undoFailed'), description: serverMessage(error, t('failed')), variant: 'destructive' });
    },
  });

  const apply = useMutation({
    mutationFn: ({ selection, action }: BulkActionVariables) =>
      callEndpoint(emailActionsEndpoints.bulk, { body: { selection, action } }),
    onSuccess: (result: EmailBulkResult, { action, folderLabel }) => {
      void invalidateAfter(queryClient, emailActionsEndpoints.bulk);
      const key = `bulk-${result.undoToken ?? Date.now()}`;
      notification.success({
        key,
        title: doneMessage(action, result.affected, folderLabel),
        duration: UNDO_NOTICE_SECONDS,
        placement: 'bottom',
        actions: result.undoToken ? (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy(key);
              undo.mutate(result.undoToken!);
            }}
          >
            {t('undo')}
          </Button>
        ) : undefined,
      });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: t('failed'), description: serverMessage(error, t('failed')), variant: 'destructive' });
    },
  });

  return { apply, undo };
}
