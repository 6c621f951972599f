import { z } from 'zod';

/**
 * Newsletters and privacy (issue 24): list mail grouped by sender, unsubscribing as RFC 8058 and
 * RFC 2369 say, per-sender rules (keep archiving new mail; always show remote images).
 */

export const EMAIL_NEWSLETTERS_MESSAGES = {
  invalidSender: 'Sender must be a valid email address',
  invalidRuleKind: 'Rule must be archive or remote-content',
  ruleNotFound: 'Rule not found',
  senderNotFound: 'No newsletter from this sender',
  noUnsubscribe: 'This sender offers no way to unsubscribe',
  unsubscribeRefused: 'The sender’s unsubscribe address refused the request',
  unsubscribeTimedOut: 'The sender’s unsubscribe address did not answer in time',
  unsubscribeUnreachable: 'The sender’s unsubscribe address could not be reached',
  unsubscribeMailFailed: 'The unsubscribe message could not be sent',
} as const;

/** A sender's address, lower case (how rules match it). */
export const senderAddressSchema = z
  .string({ error: EMAIL_NEWSLETTERS_MESSAGES.invalidSender })
  .trim()
  .toLowerCase()
  .max(320, EMAIL_NEWSLETTERS_MESSAGES.invalidSender)
  .pipe(z.email({ error: EMAIL_NEWSLETTERS_MESSAGES.invalidSender }));

export const senderBodySchema = z.object({ sender: senderAddressSchema }).strict();
export type SenderBody = z.output<typeof senderBodySchema>;

/** 'archive': new mail from the sender is archived on arrival; 'remote-content': its images always show. */
export const senderRuleKindSchema = z.enum(['archive', 'remote-content'], {
  error: EMAIL_NEWSLETTERS_MESSAGES.invalidRuleKind,
});
export type SenderRuleKind = z.output<typeof senderRuleKindSchema>;

export const createSenderRuleSchema = z.object({ sender: senderAddressSchema, kind: senderRuleKindSchema }).strict();
export type CreateSenderRulePayload = z.input<typeof createSenderRuleSchema>;

export const senderRuleSchema = z.object({
  id: z.number(),
  sender: z.string(),
  kind: senderRuleKindSchema,
  createdAt: z.string(),
});
export type SenderRule = z.output<typeof senderRuleSchema>;

/** How a sender's mail offers to unsubscribe: RFC 8058 one-click POST, a mailto, or a web page to open. */
export const unsubscribeMethodSchema = z.enum(['one-click', 'mailto', 'link']);
export type UnsubscribeMethod = z.output<typeof unsubscribeMethodSchema>;

/** One row of the Newsletters view. */
export const newsletterSenderSchema = z.object({
  sender: z.string(),
  /** The display name of the latest message's From, or the address. */
  name: z.string(),
  count: z.number(),
  unread: z.number(),
  lastReceivedAt: z.string(),
  /** Not archived yet. */
  inInbox: z.number(),
  unsubscribe: unsubscribeMethodSchema.nullable(),
  unsubscribedAt: z.string().nullable(),
  keepArchiving: z.boolean(),
});
export type NewsletterSender = z.output<typeof newsletterSenderSchema>;

/** What Unsubscribe did: one-click and mailto are done; a link is for the UI to open in a new tab. */
export const unsubscribeResultSchema = z.object({
  method: unsubscribeMethodSchema,
  /** The page to open (method 'link' only). */
  url: z.string().nullable(),
});
export type UnsubscribeResult = z.output<typeof unsubscribeResultSchema>;

export const archiveAllResultSchema = z.object({ archived: z.number() });
