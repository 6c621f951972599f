import { z } from 'zod';
import { documentSummarySchema } from './documents';

/**
 * Mail into Documents (issue 26), as Paperless-ngx's mail import does: an attachment saved to
 * Documents in one click, or by the person's attachment rules, which run on every sync for new
 * mail. The document keeps the email it came from (`sourceEmailId`).
 */

export const EMAIL_ATTACHMENT_MESSAGES = {
  attachmentNotFound: 'Attachment not found',
  attachmentIndexInvalid: 'Attachment number must be a whole number from 0',
  attachmentGone: 'This attachment is no longer on the mail server',
  noMailAccount: 'This email has no mail account to read its attachments from',
  serverUnreachable: 'The mail server could not be reached; try again later',
  ruleNotFound: 'Attachment rule not found',
  ruleNameRequired: 'Rule name is required',
  ruleNameTooLong: 'Rule name must be at most 100 characters',
  conditionTooLong: 'A condition must be at most 200 characters',
  tagTooLong: 'The tag must be at most 50 characters',
  invalidSenderMatch: 'Sender match must be contains or equals',
  invalidAttachmentType: 'Attachment type must be pdf, images or any',
  invalidFolderId: 'Folder id must be a positive whole number',
  invalidAccountId: 'Account id must be a positive whole number',
  invalidEnabled: 'Enabled must be true or false',
} as const;

export const ATTACHMENT_RULE_LIMITS = { nameMax: 100, conditionMax: 200, tagMax: 50 } as const;

/** Which attachments a rule files: PDFs, images (image/*), or any. */
export const ATTACHMENT_TYPES = ['pdf', 'images', 'any'] as const;
export const attachmentTypeSchema = z.enum(ATTACHMENT_TYPES, {
  error: EMAIL_ATTACHMENT_MESSAGES.invalidAttachmentType,
});
export type AttachmentType = z.output<typeof attachmentTypeSchema>;

/** How the sender condition compares with the From address and name (case-insensitive). */
export const SENDER_MATCHES = ['contains', 'equals'] as const;
export const senderMatchSchema = z.enum(SENDER_MATCHES, { error: EMAIL_ATTACHMENT_MESSAGES.invalidSenderMatch });
export type SenderMatch = z.output<typeof senderMatchSchema>;

/** Optional text: blank (or null) means "no condition". */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .refine((value) => !value.includes('\u0000'), tooLong)
    .nullable()
    .transform((value) => (value ? value : null));

const optionalId = (message: string) => z.number({ error: message }).int(message).positive(message).nullable();

/** The body of POST /api/emails/attachment-rules (and, every field optional, of PATCH). */
export const attachmentRuleBodySchema = z
  .object({
    name: z
      .string({ error: EMAIL_ATTACHMENT_MESSAGES.ruleNameRequired })
      .trim()
      .min(1, EMAIL_ATTACHMENT_MESSAGES.ruleNameRequired)
      .max(ATTACHMENT_RULE_LIMITS.nameMax, EMAIL_ATTACHMENT_MESSAGES.ruleNameTooLong),
    /** Compared with the From header (address and name); null: any sender. */
    sender: optionalText(ATTACHMENT_RULE_LIMITS.conditionMax, EMAIL_ATTACHMENT_MESSAGES.conditionTooLong),
    senderMatch: senderMatchSchema,
    /** The subject contains this (case-insensitive); null: any subject. */
    subjectContains: optionalText(ATTACHMENT_RULE_LIMITS.conditionMax, EMAIL_ATTACHMENT_MESSAGES.conditionTooLong),
    attachmentType: attachmentTypeSchema,
    /** Only mail of this account; null: every account. */
    integrationId: optionalId(EMAIL_ATTACHMENT_MESSAGES.invalidAccountId),
    /** The Documents folder to file into; null: the root. */
    folderId: optionalId(EMAIL_ATTACHMENT_MESSAGES.invalidFolderId),
    /** A tag the filed documents get; null: none. */
    tag: optionalText(ATTACHMENT_RULE_LIMITS.tagMax, EMAIL_ATTACHMENT_MESSAGES.tagTooLong),
    enabled: z.boolean({ error: EMAIL_ATTACHMENT_MESSAGES.invalidEnabled }),
  })
  .strict();
export type AttachmentRuleBody = z.input<typeof attachmentRuleBodySchema>;
export type AttachmentRuleValues = z.output<typeof attachmentRuleBodySchema>;

export const updateAttachmentRuleSchema = attachmentRuleBodySchema.partial().strict();
export type UpdateAttachmentRulePayload = z.input<typeof updateAttachmentRuleSchema>;

export const attachmentRuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  sender: z.string().nullable(),
  senderMatch: senderMatchSchema,
  subjectContains: z.string().nullable(),
  attachmentType: attachmentTypeSchema,
  integrationId: z.number().nullable(),
  folderId: z.number().nullable(),
  tag: z.string().nullable(),
  enabled: z.boolean(),
  /** How many attachments the rule has filed. */
  filedCount: z.number(),
  createdAt: z.string(),
});
export type AttachmentRule = z.output<typeof attachmentRuleSchema>;

/**
 * POST /api/emails/:id/attachments/:index/document: the document the attachment became. Saving
 * the same attachment again answers the document it already is (`created: false`).
 */
export const savedAttachmentSchema = z.object({
  document: documentSummarySchema,
  created: z.boolean(),
});
export type SavedAttachment = z.output<typeof savedAttachmentSchema>;

/** GET /api/documents/:id/source-email: the message a document was saved from (null: none, or it is gone). */
export const documentSourceEmailSchema = z
  .object({
    id: z.number(),
    subject: z.string(),
    from: z.string(),
    receivedAt: z.string(),
  })
  .nullable();
export type DocumentSourceEmail = z.output<typeof documentSourceEmailSchema>;

/** Whether an attachment (by its content type and name) is of a rule's type. */
export function isAttachmentOfType(
  attachment: { contentType: string; filename: string | null },
  type: AttachmentType,
): boolean {
  const contentType = attachment.contentType.toLowerCase();
  const name = (attachment.filename ?? '').toLowerCase();
  if (type === 'pdf') return contentType === 'application/pdf' || name.endsWith('.pdf');
  if (type === 'images') return contentType.startsWith('image/');
  return true;
}
