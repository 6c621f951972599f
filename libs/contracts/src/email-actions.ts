import { z } from 'zod';
import { EMAIL_CATEGORIES, EMAIL_FOLDER_MAX, EMAIL_PRIORITIES, listEmailsQuerySchema } from './email';

// ---- Email actions: snooze and bulk actions (issue 24) ----

export const EMAIL_ACTIONS_MESSAGES = {
  snoozeInPast: 'Snooze time must be in the future',
  snoozeTooFar: 'Snooze time must be within a year',
  snoozeTimeRequired: 'Snooze time is required',
  selectionRequired: 'Select at least one email',
  undoExpired: 'This action can no longer be undone',
  folderRequired: 'Choose a folder',
  folderNotFound: 'That folder is not one of your mail folders',
} as const;

/** The folder name that moves messages back to the Inbox (IMAP's INBOX is case-insensitive, RFC 3501 §5.1). */
export const EMAIL_INBOX_FOLDER = 'INBOX';

/** How long a bulk action stays undoable. */
export const EMAIL_BULK_UNDO_MINUTES = 30;
/** How many ids a selection by ids may carry ("select all matching" sends the filter instead). */
export const EMAIL_BULK_MAX_IDS = 1000;
const SNOOZE_MAX_DAYS = 366;

const snoozeUntil = z
  .string({ error: EMAIL_ACTIONS_MESSAGES.snoozeTimeRequired })
  .pipe(z.iso.datetime({ offset: true, error: EMAIL_ACTIONS_MESSAGES.snoozeTimeRequired }))
  .refine((value) => Date.parse(value) > Date.now(), EMAIL_ACTIONS_MESSAGES.snoozeInPast)
  .refine(
    (value) => Date.parse(value) < Date.now() + SNOOZE_MAX_DAYS * 86_400_000,
    EMAIL_ACTIONS_MESSAGES.snoozeTooFar,
  );

/** POST /api/emails/:id/snooze: hide the message until `until` (ISO with offset). */
export const snoozeEmailSchema = z.object({ until: snoozeUntil }).strict();
export type SnoozeEmailPayload = z.output<typeof snoozeEmailSchema>;

/** The selection of a bulk action: the ids chosen, or every email matching a list query (tab, q, priority, category). */
export const emailSelectionSchema = z.union([
  z
    .object({
      ids: z
        .array(z.number().int().positive(), { error: EMAIL_ACTIONS_MESSAGES.selectionRequired })
        .min(1, EMAIL_ACTIONS_MESSAGES.selectionRequired)
        .max(EMAIL_BULK_MAX_IDS, `Select at most ${EMAIL_BULK_MAX_IDS} emails by id`),
    })
    .strict(),
  z.object({ filter: listEmailsQuerySchema.omit({ page: true, pageSize: true, threads: true }) }).strict(),
]);
export type EmailSelection = z.output<typeof emailSelectionSchema>;

export const emailBulkActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('archive') }).strict(),
    z.object({ type: z.literal('markRead') }).strict(),
    z.object({ type: z.literal('markUnread') }).strict(),
    z
      .object({
        type: z.literal('setPriority'),
        priority: z.enum(EMAIL_PRIORITIES, { error: 'Priority must be urgent, important or regular' }),
      })
      .strict(),
    z
      .object({
        type: z.literal('setCategory'),
        category: z
          .enum(EMAIL_CATEGORIES, { error: `Category must be one of ${EMAIL_CATEGORIES.join(', ')}` })
          .nullable(),
      })
      .strict(),
    z.object({ type: z.literal('snooze'), until: snoozeUntil }).strict(),
    /** To the account's Trash (Undo, or Move to folder → INBOX from the Trash tab, brings it back). */
    z.object({ type: z.literal('delete') }).strict(),
    /** Into one of the user's folders (GET /api/emails/folders), or back to the Inbox with EMAIL_INBOX_FOLDER. */
    z
      .object({
        type: z.literal('moveToFolder'),
        folder: z
          .string({ error: EMAIL_ACTIONS_MESSAGES.folderRequired })
          .trim()
          .min(1, EMAIL_ACTIONS_MESSAGES.folderRequired)
          .max(EMAIL_FOLDER_MAX, `Folder must be at most ${EMAIL_FOLDER_MAX} characters`),
      })
      .strict(),
  ],
  {
    error:
      'Action must be one of archive, markRead, markUnread, setPriority, setCategory, snooze, delete, moveToFolder',
  },
);
export type EmailBulkAction = z.output<typeof emailBulkActionSchema>;
export type EmailBulkActionType = EmailBulkAction['type'];

/** POST /api/emails/bulk. */
export const emailBulkSchema = z
  .object({
    selection: emailSelectionSchema,
    action: emailBulkActionSchema,
  })
  .strict();
export type EmailBulkPayload = z.output<typeof emailBulkSchema>;

export const emailBulkResultSchema = z.object({
  affected: z.number().int(),
  /** For POST /api/emails/bulk/undo, for EMAIL_BULK_UNDO_MINUTES; null when nothing changed. */
  undoToken: z.string().nullable(),
});
export type EmailBulkResult = z.infer<typeof emailBulkResultSchema>;

/** POST /api/emails/bulk/undo. */
export const emailBulkUndoSchema = z
  .object({
    undoToken: z.string({ error: EMAIL_ACTIONS_MESSAGES.undoExpired }).uuid(EMAIL_ACTIONS_MESSAGES.undoExpired),
  })
  .strict();
export type EmailBulkUndoPayload = z.output<typeof emailBulkUndoSchema>;

export const emailBulkUndoResultSchema = z.object({ restored: z.number().int() });
export type EmailBulkUndoResult = z.infer<typeof emailBulkUndoResultSchema>;

/** One of the user's own mail folders (every selectable folder but the INBOX, Archive, Sent, Drafts, Trash and Junk). */
export const emailFolderSchema = z.object({
  /** The IMAP path, as GET /api/emails?folder= and the moveToFolder action take it. */
  path: z.string(),
  /** Its last part, for display ("Clients" for "Projects/Clients"). */
  name: z.string(),
  total: z.number().int(),
  unread: z.number().int(),
});
export type EmailFolder = z.infer<typeof emailFolderSchema>;

/** GET /api/emails/folders: the folders of every account of the user, merged by path, by path. */
export const emailFoldersSchema = z.object({ folders: z.array(emailFolderSchema) });
export type EmailFolders = z.infer<typeof emailFoldersSchema>;
