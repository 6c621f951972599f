import { z } from 'zod';
import { composedMessageSchema } from './email-compose';

/**
 * The New Message window (issue 24): drafts saved as you type, the address book drawn from your
 * mail, and files uploaded to attach.
 */

export const EMAIL_DRAFT_MESSAGES = {
  draftNotFound: 'Draft not found',
  uploadNotFound: 'Attachment not found',
  documentNotFound: 'Document not found',
  attachmentsTooLarge: (mb: number) => `Attachments can be at most ${mb} MB in total`,
  noDraftsMailbox: 'This account has no Drafts folder',
} as const;

/** The total size of a message's attachments (and of one upload). */
export const EMAIL_ATTACHMENTS_MAX_MB = 25;

/** PUT /api/emails/drafts and PUT /api/emails/drafts/:id: the message as written so far (no recipient needed). */
export const saveDraftSchema = composedMessageSchema.omit({ draftId: true });
export type SaveDraftPayload = z.output<typeof saveDraftSchema>;

/** A saved draft: its emails row and the message, to reopen it as it was. */
export const savedDraftSchema = z.object({
  id: z.number().int(),
  message: composedMessageSchema,
  /** Name and size of each of message.attachments, in the same order (to show them when reopened). */
  files: z.array(z.object({ filename: z.string(), size: z.number().int() })),
  updatedAt: z.string(),
});
export type SavedDraft = z.infer<typeof savedDraftSchema>;

/** GET /api/emails/contacts?q=: people from the user's mail, most written-with first. */
export const emailContactsQuerySchema = z.object({
  q: z.string({ error: 'Search must be text' }).trim().max(200, 'Search must be at most 200 characters').default(''),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(50, 'Limit must be at most 50')
    .default(10),
});
export type EmailContactsQuery = z.output<typeof emailContactsQuerySchema>;

export const emailContactSchema = z.object({
  address: z.string(),
  name: z.string().nullable(),
  /** How many of the user's messages name this address (from, to or cc). */
  count: z.number().int(),
  /** The newest of them (ISO). */
  lastSeenAt: z.string(),
});
export type EmailContact = z.infer<typeof emailContactSchema>;

/** POST /api/emails/attachments (multipart, one `files` part): the stored file, to attach by uploadId. */
export const composeUploadSchema = z.object({
  uploadId: z.uuid(),
  filename: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type ComposeUpload = z.infer<typeof composeUploadSchema>;
