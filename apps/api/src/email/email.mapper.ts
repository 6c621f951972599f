import type { Email } from '@aide/contracts';
import type { EmailEntity } from './email.entity';

/** The columns toEmail reads, for raw queries (never the search vector or the sync bookkeeping). */
export const EMAIL_COLUMNS = [
  'id',
  'integrationId',
  'subject',
  'from',
  'to',
  'cc',
  'body',
  'htmlBody',
  'priority',
  'category',
  'isRead',
  'isArchived',
  'isAutoResponded',
  'receivedAt',
  'attachments',
  'metadata',
  // Threads (issue 24).
  'threadId',
  // Snooze (issue 24, actions).
  'snoozedUntil',
  // Bulk Delete and Move to folder (issue 24).
  'isTrashed',
  'folder',
] as const;

export type EmailRow = Pick<EmailEntity, (typeof EMAIL_COLUMNS)[number]>;

export function toEmail(row: EmailRow): Email {
  return {
    id: row.id,
    integrationId: row.integrationId,
    subject: row.subject,
    from: row.from,
    to: row.to,
    cc: row.cc,
    body: row.body,
    htmlBody: row.htmlBody,
    priority: row.priority,
    category: row.category,
    isRead: row.isRead,
    isArchived: row.isArchived,
    isAutoResponded: row.isAutoResponded,
    receivedAt: row.receivedAt.toISOString(),
    attachments: row.attachments,
    metadata: withoutServerOnly(row.metadata),
    // Threads (issue 24): a row not threaded yet is a conversation of its own.
    threadId: row.threadId ?? row.id,
    // Snooze (issue 24, actions).
    snoozedUntil: row.snoozedUntil ? row.snoozedUntil.toISOString() : null,
    // Bulk Delete and Move to folder (issue 24).
    isTrashed: row.isTrashed,
    folder: row.folder,
  };
}

/**
 * The metadata a client sees: without the iMIP calendar part the invitations domain reads (up to
 * 64 KB of iCalendar text per message, issue 26), which would otherwise travel with every list page.
 */
function withoutServerOnly(metadata: Record<string, unknown>): Record<string, unknown> {
  if (!metadata || !('calendar' in metadata)) return metadata;
  const { calendar: _calendar, ...rest } = metadata;
  return rest;
}
