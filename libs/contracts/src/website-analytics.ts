import { z } from 'zod';

// ---- Website traffic: the cookieless tracking script and its collector (DECISIONS: a small privacy-friendly script) ----

/** What the tracking script sends: a page view on load and on each SPA navigation; an engagement on leaving. */
export const COLLECT_EVENT_TYPES = ['pageview', 'engagement', 'event'] as const;
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
  /** A campaign tag (utm_source, utm_medium, utm_campaign) as stored: normalised, at most this long. */
  campaignTagMax: 100,
  /** A custom event's name (window.aide('signup'), data-aide-goal), and a goal's. */
  eventNameMax: 100,
  /** Goals per website. */
  goalsPerSite: 20,
  /** The script's size budget, checked by a test. */
  scriptMaxBytes: 2048,
} as const;

/**
 * POST /api/collect: one event from the tracking script (sent with navigator.sendBeacon as
 * text/plain, or as JSON). Only the page's path and the referrer's host are kept; see SECURITY.md.
 */
export const collectEventSchema = z
  .object({
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
    /** A custom event's name (type 'event': window.aide('signup') or a click on [data-aide-goal]). */
    name: z
      .string({ error: 'name must be text' })
      .trim()
      .min(1, 'name is required')
      .max(
        WEBSITE_ANALYTICS_LIMITS.eventNameMax,
        `name must be at most ${WEBSITE_ANALYTICS_LIMITS.eventNameMax} characters`,
      )
      .optional(),
    /** Engagement: visible time on the page since the last report, in milliseconds. */
    engagedMs: z
      .number({ error: 'engagedMs must be a number' })
      .int('engagedMs must be a whole number')
      .min(0, 'engagedMs must not be negative')
      .max(WEBSITE_ANALYTICS_LIMITS.engagedMsMax, 'engagedMs is too large')
      .optional(),
  })
  .refine((event) => event.type !== 'event' || event.name !== undefined, {
    path: ['name'],
    message: 'name is required for an event',
  });
export type CollectEventPayload = z.input<typeof collectEventSchema>;
export type CollectEvent = z.output<typeof collectEventSchema>;

// ---- Campaigns, sources and goals (issue 27) ----

/** The three campaign tags the tracker keeps of a page address's query (nothing else of it). */
export const CAMPAIGN_TAG_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/**
 * A campaign tag as stored and compared: trimmed, lower case, runs of spaces and control characters
 * made one space, at most WEBSITE_ANALYTICS_LIMITS.campaignTagMax characters; null when empty.
 * 'LinkedIn ' and 'linkedin' are one source.
 */
export function normalCampaignTag(value: string | null | undefined): string | null {
  if (!value) return null;
  const tag = value
    // eslint-disable-next-line no-control-regex -- control characters are what it folds away
    .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return tag ? Array.from(tag).slice(0, WEBSITE_ANALYTICS_LIMITS.campaignTagMax).join('').trim() : null;
}

export const WEBSITE_GOAL_KINDS = ['page', 'event'] as const;
export type WebsiteGoalKind = (typeof WEBSITE_GOAL_KINDS)[number];

export const WEBSITE_GOAL_MESSAGES = {
  notFound: 'Goal not found',
  tooMany: `A website can have at most ${WEBSITE_ANALYTICS_LIMITS.goalsPerSite} goals`,
  duplicate: 'This website already has that goal',
  pathInvalid: 'A page goal is a path that starts with / (it may end with * to match the pages under it)',
  eventInvalid: 'An event goal is a name of letters, digits, spaces, -, _, . or :',
  kindInvalid: `kind must be one of: ${WEBSITE_GOAL_KINDS.join(', ')}`,
} as const;

/** A goal: a page path (/thank-you, or /docs/* for the pages under /docs/) or a custom event's name. */
export const websiteGoalSchema = z.object({
  id: z.number().int(),
  websiteId: z.number().int(),
  kind: z.enum(WEBSITE_GOAL_KINDS),
  /** The path (page) or the event name (event). */
  match: z.string(),
  createdAt: z.iso.datetime(),
});
export type WebsiteGoal = z.output<typeof websiteGoalSchema>;

const GOAL_PATH = /^\/[^\s*?#]*\*?$/;
const GOAL_EVENT = /^[\p{L}\p{N} _.:-]+$/u;

/** POST /api/websites/{id}/goals. */
export const createWebsiteGoalSchema = z
  .object({
    kind: z.enum(WEBSITE_GOAL_KINDS, { error: WEBSITE_GOAL_MESSAGES.kindInvalid }),
    match: z
      .string({ error: 'match is required' })
      .trim()
      .min(1, 'match is required')
      .max(
        WEBSITE_ANALYTICS_LIMITS.eventNameMax,
        `match must be at most ${WEBSITE_ANALYTICS_LIMITS.eventNameMax} characters`,
      ),
  })
  .superRefine((goal, ctx) => {
    if (goal.kind === 'page' && !GOAL_PATH.test(goal.match))
      ctx.addIssue({ code: 'custom', path: ['match'], message: WEBSITE_GOAL_MESSAGES.pathInvalid });
    if (goal.kind === 'event' && !GOAL_EVENT.test(goal.match))
      ctx.addIssue({ code: 'custom', path: ['match'], message: WEBSITE_GOAL_MESSAGES.eventInvalid });
  });
export type CreateWebsiteGoal = z.input<typeof createWebsiteGoalSchema>;

export const ANALYTICS_PERIODS = ['7d', '30d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** GET /api/websites/{id}/analytics/breakdown?period=7d|30d (30d by default). */
export const analyticsBreakdownQuerySchema = z.object({
  period: z
    .enum(ANALYTICS_PERIODS, { error: `period must be one of: ${ANALYTICS_PERIODS.join(', ')}` })
    .optional()
    .default('30d'),
});

const visitors = z.number().int().nonnegative();

/**
 * GET /api/websites/{id}/analytics/breakdown: the period's last N days (today included) in the
 * user's timezone. Rows are ordered by visitors, most first, at most 10 each (goals: all, in the
 * order they were added). A source is the landing page's utm_source, else the referring host; null
 * is Direct (neither). Visitors are distinct daily visitor hashes.
 */
export const analyticsBreakdownSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  from: z.iso.date(),
  to: z.iso.date(),
  visitors,
  sources: z.array(z.object({ source: z.string().nullable(), visitors })),
  pages: z.array(z.object({ path: z.string(), visitors, views: visitors })),
  campaigns: z.array(
    z.object({ campaign: z.string(), source: z.string().nullable(), medium: z.string().nullable(), visitors }),
  ),
  goals: z.array(
    websiteGoalSchema.pick({ id: true, kind: true, match: true }).extend({
      conversions: visitors,
      /** Percent of the period's visitors who converted, one decimal. */
      conversionRate: z.number().nonnegative(),
    }),
  ),
});
export type AnalyticsBreakdown = z.output<typeof analyticsBreakdownSchema>;
