import { z } from 'zod';
import { endpoint } from '../endpoint';
import { emailSchema } from '../email';

/** GET /api/emails/threads/:threadId: a conversation's messages, oldest first. */
export const emailThreadSchema = z.object({
  threadId: z.number().int(),
  emails: z.array(emailSchema),
});
export type EmailThread = z.infer<typeof emailThreadSchema>;

/** Issue 24: conversations. The list's one-row-per-conversation is GET /api/emails?threads=true. */
export const emailThreadEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/emails/threads/:threadId',
    response: emailThreadSchema,
    summary: "A conversation's messages, oldest first (404 for another user's)",
  }),
};
