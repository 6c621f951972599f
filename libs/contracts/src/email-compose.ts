import { z } from 'zod';
import { text } from './text';

/**
 * Writing mail (issue 24): the message a New Message window sends, and the outbox that sends it.
 * A message is never sent at the moment of Send: it waits in the outbox for the undo window, or
 * until the time the person chose (scheduled send), and a durable job sends it exactly once.
 */

export const EMAIL_COMPOSE_MESSAGES = {
  recipientRequired: 'Add at least one recipient',
  invalidRecipient: 'Each recipient must be a valid email address',
  tooManyRecipients: 'A message can have at most 100 recipients',
  tooManyAttachments: 'A message can have at most 20 attachments',
  sendAtInPast: 'Choose a time in the future to send it',
  sendAtTooFar: 'A message can be scheduled at most one year ahead',
  outgoingNotFound: 'Message not found in the outbox',
  alreadySent: 'This message has already been sent',
} as const;

/** Seconds a sent message waits in the outbox so that Undo can take it back. */
export const EMAIL_UNDO_SEND_SECONDS = 10;
/** The furthest ahead a message can be scheduled. */
export const EMAIL_SCHEDULE_MAX_DAYS = 366;

const recipient = z
  .string({ error: EMAIL_COMPOSE_MESSAGES.invalidRecipient })
  .trim()
  .max(320, EMAIL_COMPOSE_MESSAGES.invalidRecipient)
  .pipe(z.email({ error: EMAIL_COMPOSE_MESSAGES.invalidRecipient }));
const recipients = z.array(recipient, { error: EMAIL_COMPOSE_MESSAGES.invalidRecipient });

/**
 * A file to attach: one uploaded from the compose window (POST /api/emails/attachments answers its
 * id), or a document from Documents, read when the message is sent.
 */
export const composeAttachmentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('upload'), uploadId: z.uuid({ error: 'Attachment id must be a UUID' }) }).strict(),
    z
      .object({
        kind: z.literal('document'),
        documentId: z.coerce.number().int().positive({ error: 'Document id must be positive' }),
      })
      .strict(),
  ],
  { error: 'Attachment must be an upload or a document' },
);
export type ComposeAttachment = z.output<typeof composeAttachmentSchema>;

/** The message itself: what a draft holds and what Send hands to the outbox. */
export const composedMessageSchema = z
  .object({
    /** The account it goes out through (its address is the From). */
    integrationId: z.coerce.number().int().positive({ error: 'Choose the account to send from' }),
    to: recipients.default([]),
    cc: recipients.default([]),
    bcc: recipients.default([]),
    subject: text('Subject', 998).default(''),
    /** The editor's HTML (sanitised again on the server before it goes out). */
    html: z.string().max(2_000_000, 'The message is too long').default(''),
    /** The plain-text alternative, written from the same content. */
    text: z.string().max(1_000_000, 'The message is too long').default(''),
    attachments: z.array(composeAttachmentSchema).max(20, EMAIL_COMPOSE_MESSAGES.tooManyAttachments).default([]),
    /** The message this answers (its id here), for In-Reply-To/References and the thread. */
    inReplyToEmailId: z.coerce.number().int().positive().nullable().default(null),
    /** The draft this message was written in; it is removed (here and on the server) once sent. */
    draftId: z.coerce.number().int().positive().nullable().default(null),
  })
  .strict();
export type ComposedMessage = z.output<typeof composedMessageSchema>;

/** POST /api/emails/send: the message, and when to send it (null: now, after the undo window). */
export const sendComposedEmailSchema = composedMessageSchema
  .extend({
    sendAt: z.iso.datetime({ offset: true, error: 'Send time must be a date and time' }).nullable().default(null),
  })
  .superRefine((message, ctx) => {
    const count = message.to.length + message.cc.length + message.bcc.length;
    if (count === 0) ctx.addIssue({ code: 'custom', path: ['to'], message: EMAIL_COMPOSE_MESSAGES.recipientRequired });
    if (count > 100) ctx.addIssue({ code: 'custom', path: ['to'], message: EMAIL_COMPOSE_MESSAGES.tooManyRecipients });
  });
export type SendComposedEmailPayload = z.output<typeof sendComposedEmailSchema>;

export const OUTGOING_EMAIL_STATUSES = ['waiting', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type OutgoingEmailStatus = (typeof OUTGOING_EMAIL_STATUSES)[number];

/** A message in the outbox. */
export const outgoingEmailSchema = z.object({
  id: z.number().int(),
  integrationId: z.number().int(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  /** When it goes out (ISO). */
  sendAt: z.string(),
  /** True when the person chose the time (Scheduled); false for the undo window after Send. */
  scheduled: z.boolean(),
  status: z.enum(OUTGOING_EMAIL_STATUSES),
  /** Why it failed, readable; null otherwise. */
  error: z.string().nullable(),
  /** The copy in Sent once it went out. */
  sentEmailId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type OutgoingEmail = z.infer<typeof outgoingEmailSchema>;

/** PATCH /api/emails/outbox/:id: another time for a scheduled message. */
export const rescheduleOutgoingEmailSchema = z
  .object({ sendAt: z.iso.datetime({ offset: true, error: 'Send time must be a date and time' }) })
  .strict();

/** DELETE /api/emails/outbox/:id (Undo, or cancelling a scheduled send): the message back, to edit. */
export const cancelledOutgoingEmailSchema = z.object({ message: composedMessageSchema });
