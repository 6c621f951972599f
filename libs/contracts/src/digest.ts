import { z } from 'zod';

/**
 * The weekly digest (issue 27): one mail a week, in the person's timezone and language, with last
 * week's completed tasks, this week's calendar, mail statistics, website traffic and social
 * engagement, each with its change on the week before. Sent when the profile's weeklyDigest is on.
 */

/** When the digest goes out: Monday (ISO weekday 1) from 08:00 in the profile's timezone, or later that week. */
export const DIGEST_SCHEDULE = { weekday: 1, hour: 8 } as const;

/** How many completed tasks and coming events the digest lists by name; the rest are counted. */
export const DIGEST_LIMITS = { tasks: 10, events: 10 } as const;

/** GET /api/digest/preview: the current person's digest as it would be sent now. */
export interface DigestPreview {
  subject: string;
  html: string;
  text: string;
  /** false when there is nothing at all to say: then no mail goes out this week. */
  wouldSend: boolean;
}

export const digestPreviewSchema: z.ZodType<DigestPreview> = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  wouldSend: z.boolean(),
});

/** GET and POST /api/digest/unsubscribe?token=…: the signed token from the digest's unsubscribe link. */
export const digestUnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'The unsubscribe link is not valid' })
    .min(1, 'The unsubscribe link is not valid')
    .max(200, 'The unsubscribe link is not valid'),
});
export type DigestUnsubscribeQuery = z.infer<typeof digestUnsubscribeQuerySchema>;
