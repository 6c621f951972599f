import { z } from 'zod';

// ---- Website traffic: the cookieless tracking script and its collector (DECISIONS: a small privacy-friendly script) ----

/** What the tracking script sends: a page view on load and on each SPA navigation; an engagement on leaving. */
export const COLLECT_EVENT_TYPES = ['pageview', 'engagement'] as const;
export type CollectEventType = (typeof COLLECT_EVENT_TYPES)[number];

export const WEBSITE_ANALYTICS_LIMITS = {
  /** A visitor's page views with at most this much inactivity between them form one session. */
  sessionGapMinutes: 30,
  siteKeyMax: 32,
  urlMax: 2000,
  /** What is stored of a page: its path, cut to this many characters (query and fragment never kept). */
  storedPathMax: 500,
  /** What is stored of a referrer: its host, lower case, no port or user, no 'www.', at most this long (a DNS name's limit). */
  storedReferrerHostMax: 253,
  /** One engagement reports at most a day of visible time. */
  engagedMsMax: 86_400_000,
  /** The script's size budget, checked by a test. */
  scriptMaxBytes: 2048,
} as const;

/**
 * POST /api/collect: one event from the tracking script (sent with navigator.sendBeacon as
 * text/plain, or as JSON). Only the page's path and the referrer's host are kept; see SECURITY.md.
 */
export const collectEventSchema = z.object({
  /** The site's public key, from the script tag's data-site. */
  siteKey: z
    .string({ error: 'siteKey is required' })
    .min(1, 'siteKey is required')
    .max(
      WEBSITE_ANALYTICS_LIMITS.siteKeyMax,
      `siteKey must be at most ${WEBSITE_ANALYTICS_LIMITS.siteKeyMax} characters`,
    )
    .regex(/^[A-Za-z0-9_-]+$/, 'siteKey must be letters, digits, - or _'),
  type: z
    .enum(COLLECT_EVENT_TYPES, { error: `type must be one of: ${COLLECT_EVENT_TYPES.join(', ')}` })
    .default('pageview'),
  /** The page's address (location.href); its host must be the site's. */
  url: z
    .string({ error: 'url is required' })
    .max(WEBSITE_ANALYTICS_LIMITS.urlMax, `url must be at most ${WEBSITE_ANALYTICS_LIMITS.urlMax} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: 'url must be an http(s) address' })),
  /** document.referrer; only its host is kept, and only when it is another site. */
  referrer: z
    .string({ error: 'referrer must be text' })
    .max(WEBSITE_ANALYTICS_LIMITS.urlMax, `referrer must be at most ${WEBSITE_ANALYTICS_LIMITS.urlMax} characters`)
    .nullish()
    .transform((value) => value || null),
  /** Engagement: visible time on the page since the last report, in milliseconds. */
  engagedMs: z
    .number({ error: 'engagedMs must be a number' })
    .int('engagedMs must be a whole number')
    .min(0, 'engagedMs must not be negative')
    .max(WEBSITE_ANALYTICS_LIMITS.engagedMsMax, 'engagedMs is too large')
    .optional(),
});
export type CollectEventPayload = z.input<typeof collectEventSchema>;
export type CollectEvent = z.output<typeof collectEventSchema>;
