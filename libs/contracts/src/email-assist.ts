import { z } from 'zod';

/** Reply help (issue 24): short replies to pick from and a drafted reply, always edited before sending. */
export const replyHelpSchema = z.object({
  /** 2–3 short replies in the user's language; a time or date in them is copied from the message. */
  suggestions: z.array(z.string()),
  /** A whole reply: greeting, an answer per question or request, closing and the person's name. */
  draft: z.string(),
  /** How the draft was written: 'offline:template:email.reply-draft' or the model's name. */
  method: z.string(),
});
export type ReplyHelp = z.infer<typeof replyHelpSchema>;

/** Why a message is suspected of phishing (metadata.phishing on an email). */
export const emailPhishingSchema = z.object({ reasons: z.array(z.string()) });
export type EmailPhishing = z.infer<typeof emailPhishingSchema>;
