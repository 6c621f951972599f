import { endpoint } from '../endpoint';
import { emailSchema } from '../email';
import {
  emailBulkResultSchema,
  emailBulkSchema,
  emailBulkUndoResultSchema,
  emailBulkUndoSchema,
  emailFoldersSchema,
  snoozeEmailSchema,
} from '../email-actions';

/** What snooze and bulk actions change: the lists, the counts, the dashboard. */
const LIST_CHANGES = ['/api/emails', '/api/emails/stats', '/api/emails/folders', '/api/dashboard'] as const;

/** Issue 24: snooze and bulk actions. */
export const emailActionsEndpoints = {
  snooze: endpoint({
    method: 'POST',
    path: '/api/emails/:id/snooze',
    body: snoozeEmailSchema,
    response: emailSchema,
    status: 200,
    invalidates: LIST_CHANGES,
    entity: 'email',
    summary: 'Hides the message until a time; it then returns to the top of the Inbox, unread, with a notification',
  }),
  unsnooze: endpoint({
    method: 'DELETE',
    path: '/api/emails/:id/snooze',
    response: emailSchema,
    status: 200,
    invalidates: LIST_CHANGES,
    entity: 'email',
    summary: 'Brings a snoozed message back to the Inbox now',
  }),
  bulk: endpoint({
    method: 'POST',
    path: '/api/emails/bulk',
    body: emailBulkSchema,
    response: emailBulkResultSchema,
    status: 200,
    invalidates: LIST_CHANGES,
    entity: 'email',
    summary: 'One action on the selected emails (by ids, or every email matching a list filter); answers an undo token',
  }),
  folders: endpoint({
    method: 'GET',
    path: '/api/emails/folders',
    response: emailFoldersSchema,
    summary: "The user's own mail folders across accounts, with how many messages each holds and how many are unread",
  }),
  undo: endpoint({
    method: 'POST',
    path: '/api/emails/bulk/undo',
    body: emailBulkUndoSchema,
    response: emailBulkUndoResultSchema,
    status: 200,
    invalidates: LIST_CHANGES,
    entity: 'email',
    summary: 'Restores the emails of a bulk action as they were (within 30 minutes)',
  }),
};
