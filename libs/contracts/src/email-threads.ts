import { z } from 'zod';

// ---- Email conversations (issue 24, threads) ----

/**
 * GET /api/emails?threads=true: one row per conversation (the newest of its messages that the tab
 * and filters match), and this summary on the row. Counts and stats stay per message.
 */
export const emailThreadSummarySchema = z.object({
  /** Messages of the conversation, in every tab (what the thread view shows). */
  size: z.number().int(),
  /** Its messages that the tab and filters match, newest first: what selecting the row selects. */
  emailIds: z.array(z.number().int()),
  /** How many of those are unread. */
  unread: z.number().int(),
  /** The senders, in order of first message. */
  participants: z.array(z.string()),
});
export type EmailThreadSummary = z.infer<typeof emailThreadSummarySchema>;

/** The list's `threads` parameter: true/false (also 1/0); absent means one row per message. */
export const threadsQueryField = z
  .enum(['true', 'false', '1', '0'], { error: 'Threads must be true or false' })
  .transform((value) => value === 'true' || value === '1')
  .optional();

export const EMAIL_THREAD_MESSAGES = {
  threadNotFound: 'Conversation not found',
  threadIdInvalid: 'Conversation id must be a positive whole number',
} as const;
