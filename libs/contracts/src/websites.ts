import { z } from 'zod';
import type { UserPlan } from './auth';
import { text } from './text';

// ---- Website Manager (spec: website §2, §3, §4, §5, §7, §8, §9; DECISIONS: real analytics, uptime, SEO, backups) ----

/** Spec §3: the platforms; optional on a site. */
export const WEBSITE_PLATFORMS = ['wordpress', 'shopify', 'wix', 'squarespace', 'custom'] as const;
export type WebsitePlatform = (typeof WEBSITE_PLATFORMS)[number];
export const WEBSITE_PLATFORM_LABELS: Record<WebsitePlatform, string> = {
  wordpress: 'WordPress',
  shopify: 'Shopify',
  wix: 'Wix',
  squarespace: 'Squarespace',
  custom: 'Custom',
};

export const WEBSITE_LIMITS = {
  nameMax: 100,
  urlMax: 2000,
  topicMax: 300,
  keywordMax: 50,
  keywordsMax: 10,
  /** Spec §2: the Analytics tab's visitors chart covers this many days. */
  chartDays: 30,
  /** Uptime is computed over this many days. */
  uptimeDays: 30,
} as const;

/** Spec §9: the colour thresholds. */
export const WEBSITE_THRESHOLDS = {
  uptime: { good: 99.5, fair: 95 },
  seo: { good: 90, fair: 70 },
} as const;
export type Rating = 'good' | 'fair' | 'poor';
/** Spec §9: uptime green at 99.5 % or more, yellow at 95 % or more, red below. */
export const uptimeRating = (percent: number): Rating =>
  percent >= WEBSITE_THRESHOLDS.uptime.good ? 'good' : percent >= WEBSITE_THRESHOLDS.uptime.fair ? 'fair' : 'poor';
/** Spec §9: SEO green at 90 or more, yellow at 70 or more, red below. */
export const seoRating = (score: number): Rating =>
  score >= WEBSITE_THRESHOLDS.seo.good ? 'good' : score >= WEBSITE_THRESHOLDS.seo.fair ? 'fair' : 'poor';

export const WEBSITE_MESSAGES = {
  // Spec §5.
  urlInvalid: 'Valid URL is required',
  nameRequired: 'Website name is required',
  topicRequired: 'Topic is required',
  keywordsRequired: 'At least one keyword is required',
  // Spec §8: toasts.
  addFailed: 'Failed to add website',
  blogFailed: 'Failed to create blog post',
  backupFailed: 'Failed to backup website',
  added: 'Website added successfully',
  blogCreated: 'Blog post created successfully',
  backupStarted: 'Website backup initiated successfully',
  // Spec §2: states.
  empty: 'No websites added yet. Add your first website to get started!',
  loading: 'Loading websites...',
  neverBackedUp: 'Never',
  // The product's own toasts and answers.
  updated: 'Website updated',
  updateFailed: 'Failed to update website',
  deleted: 'Website removed',
  deleteFailed: 'Failed to remove website',
  auditStarted: 'SEO audit started',
  auditFailed: 'Failed to start the SEO audit',
  securityStarted: 'Security check started',
  securityFailed: 'Failed to start the security check',
  fetchFailed: 'Failed to fetch websites',
  notFound: 'Website not found',
  /** 403 (DECISIONS §Identity): a body with another user's id. */
  otherUser: 'You can only manage your own websites',
  platformInvalid: `Platform must be one of: ${WEBSITE_PLATFORMS.join(', ')}`,
  keywordBlank: 'Keywords must not be blank',
  duplicateUrl: 'This website is already added',
  /** 409s. */
  backupRunning: 'A backup of this website is already running',
  auditRunning: 'An SEO audit of this website is already running',
  securityRunning: 'A security check of this website is already running',
  blogPostsFetchFailed: 'Failed to fetch blog posts',
  blogPostNotFound: 'Blog post not found',
  blogPostNotPromotable: 'This blog post has no address to promote yet',
  /** POST /api/websites/blog-posts/{id}/publish (issue 27). */
  blogPostNotPublishable: 'Only a written draft can be published',
  blogPostNoWordPress:
    "The site has no WordPress connection. Add the username and application password in the site's settings.",
} as const;

/**
 * The SEO audit's documented checks and their weights (they add up to 100): the score is the sum of
 * the points each check earns of its weight. Partial points: a title or description of the wrong
 * length earns half; image alt text and internal links earn their share of the images with alt text
 * and of the links that work.
 */
export const SEO_CHECKS = [
  { id: 'title', label: 'Page title', weight: 12, rule: 'A <title> of 10–60 characters' },
  { id: 'metaDescription', label: 'Meta description', weight: 10, rule: 'A meta description of 50–160 characters' },
  { id: 'h1', label: 'One main heading', weight: 10, rule: 'Exactly one <h1>' },
  { id: 'imageAlt', label: 'Image alt text', weight: 8, rule: 'Every image has alt text' },
  { id: 'canonical', label: 'Canonical link', weight: 8, rule: 'A <link rel="canonical"> with an address' },
  { id: 'lang', label: 'Page language', weight: 6, rule: 'A lang attribute on <html>' },
  { id: 'viewport', label: 'Mobile viewport', weight: 8, rule: 'A <meta name="viewport">' },
  { id: 'https', label: 'HTTPS', weight: 12, rule: 'The page is served over HTTPS' },
  { id: 'robots', label: 'robots.txt', weight: 8, rule: 'robots.txt answers and does not disallow the whole site' },
  { id: 'sitemap', label: 'Sitemap', weight: 8, rule: 'A sitemap named in robots.txt, or at /sitemap.xml' },
  {
    id: 'brokenLinks',
    label: 'Internal links',
    weight: 10,
    rule: 'Links to the same site answer without an error (4xx/5xx)',
  },
] as const;
export type SeoCheckId = (typeof SEO_CHECKS)[number]['id'];

/**
 * The checks each audited page gets on its own (the others, HTTPS, robots.txt, the sitemap and the
 * internal links, are the site's). The site's points for one of these are the average, rounded
 * down, of the points every audited page earned for it: one page falling short keeps the site's
 * check from passing, and a site whose pages all pass scores as a single perfect page would.
 */
export const SEO_PAGE_CHECK_IDS = [
  'title',
  'metaDescription',
  'h1',
  'imageAlt',
  'canonical',
  'lang',
  'viewport',
] as const satisfies readonly SeoCheckId[];

/** The security check's documented checks (pass or fail each; no score). */
export const SECURITY_CHECKS = [
  { id: 'https', label: 'HTTPS', rule: 'The page is served over HTTPS' },
  { id: 'hsts', label: 'Strict-Transport-Security', rule: 'An HSTS header with a max-age of at least 180 days' },
  { id: 'csp', label: 'Content-Security-Policy', rule: 'A Content-Security-Policy header' },
  { id: 'contentTypeOptions', label: 'X-Content-Type-Options', rule: 'X-Content-Type-Options: nosniff' },
  {
    id: 'frameOptions',
    label: 'Clickjacking protection',
    rule: 'X-Frame-Options DENY/SAMEORIGIN, or a CSP frame-ancestors',
  },
  { id: 'referrerPolicy', label: 'Referrer-Policy', rule: 'A Referrer-Policy header' },
  {
    id: 'mixedContent',
    label: 'No mixed content',
    rule: 'An HTTPS page loads no scripts, styles, images or frames over plain HTTP',
  },
  { id: 'serverVersion', label: 'Server version hidden', rule: 'Server and X-Powered-By headers name no version' },
] as const;
export type SecurityCheckId = (typeof SECURITY_CHECKS)[number]['id'];

/** How far the audit and the backup go. */
export const WEBSITE_CRAWL_LIMITS = {
  /** Internal links of the page the SEO audit checks, at most. */
  auditLinks: 20,
  /** Pages the SEO audit reads, the home page included (the others from the sitemap, same host only). */
  auditPages: 20,
  /** Sitemaps a sitemap index names that the audit reads (one level deep). */
  auditSitemaps: 5,
  /** Links followed from the home page, at most this deep (the home page is depth 0). */
  backupDepth: 3,
  backupPages: 50,
  /** Bytes of all the pages (and files) a backup keeps, at most. */
  backupBytes: 25 * 1024 * 1024,
} as const;

/**
 * Backups of one site kept, newest first, by the owner's plan (issue 30). A backup is the website
 * module's storage, not an upload: it never counts against the Free plan's document limit, and
 * when a new one is saved the site's older ones past this number are deleted with it.
 */
export const WEBSITE_BACKUPS_KEPT = { free: 1, premium: 10, enterprise: 10 } as const satisfies Record<
  UserPlan,
  number
>;

/** An http(s) address with a host: what a site and its pages can be fetched from. */
export const websiteUrl = z
  .string({ error: WEBSITE_MESSAGES.urlInvalid })
  .trim()
  .max(WEBSITE_LIMITS.urlMax, `URL must be at most ${WEBSITE_LIMITS.urlMax} characters`)
  .pipe(z.url({ protocol: /^https?$/, hostname: /^[^\s]+$/, error: WEBSITE_MESSAGES.urlInvalid }));

const name = text('Website name', WEBSITE_LIMITS.nameMax, { required: WEBSITE_MESSAGES.nameRequired });
const platform = z
  .enum(WEBSITE_PLATFORMS, { error: WEBSITE_MESSAGES.platformInvalid })
  .nullish()
  .transform((value) => value ?? null);

/** POST /api/websites (spec §7: userId, url, name, platform). `userId` must be the signed-in user's (DECISIONS). */
export const createWebsiteSchema = z.object({
  userId: z.number().int().positive().optional(),
  url: websiteUrl,
  name,
  platform,
});
export type CreateWebsitePayload = z.input<typeof createWebsiteSchema>;
export type CreateWebsite = z.output<typeof createWebsiteSchema>;

/** WordPress REST API credentials (an application password), used to publish blog posts as drafts. */
export const wordpressCredentialsSchema = z.object({
  username: text('WordPress username', 200, { required: 'WordPress username is required' }),
  applicationPassword: text('WordPress application password', 200, {
    required: 'WordPress application password is required',
  }),
});

/** PATCH /api/websites/{id} (the product's own, behind the Settings action): any of these; wordpress null removes the credentials. */
export const updateWebsiteSchema = z
  .object({
    url: websiteUrl.optional(),
    name: name.optional(),
    platform: z.enum(WEBSITE_PLATFORMS, { error: WEBSITE_MESSAGES.platformInvalid }).nullable().optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    wordpress: wordpressCredentialsSchema.nullable().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Send a field to change');
export type UpdateWebsitePayload = z.input<typeof updateWebsiteSchema>;

/** Spec §5: keywords unique (case-insensitively, the first spelling kept) and added with Enter. */
export function addKeyword(keywords: readonly string[], raw: string): string[] {
  const keyword = raw.trim();
  if (!keyword || keywords.some((existing) => existing.toLowerCase() === keyword.toLowerCase())) return [...keywords];
  return [...keywords, keyword];
}

/** POST /api/websites/{id}/blog (spec §7: userId, topic, keywords). */
export const createBlogPostSchema = z.object({
  userId: z.number().int().positive().optional(),
  topic: text('Topic', WEBSITE_LIMITS.topicMax, { required: WEBSITE_MESSAGES.topicRequired }),
  keywords: z
    .array(text('A keyword', WEBSITE_LIMITS.keywordMax, { required: WEBSITE_MESSAGES.keywordBlank }), {
      error: WEBSITE_MESSAGES.keywordsRequired,
    })
    .min(1, WEBSITE_MESSAGES.keywordsRequired)
    .max(WEBSITE_LIMITS.keywordsMax, `At most ${WEBSITE_LIMITS.keywordsMax} keywords`)
    .transform((list) => list.reduce<string[]>((kept, keyword) => addKeyword(kept, keyword), [])),
});
export type CreateBlogPostPayload = z.input<typeof createBlogPostSchema>;

/** The Create AI Blog Post dialog (spec §5): a website must be chosen (submit disabled otherwise). */
export const blogPostFormSchema = z.object({
  websiteId: z.number({ error: 'Choose a website' }).int().positive('Choose a website'),
  topic: createBlogPostSchema.shape.topic,
  keywords: z
    .array(z.string())
    .min(1, WEBSITE_MESSAGES.keywordsRequired)
    .max(WEBSITE_LIMITS.keywordsMax, `At most ${WEBSITE_LIMITS.keywordsMax} keywords`),
});
export type BlogPostForm = z.input<typeof blogPostFormSchema>;

/** The Add New Website dialog. */
export const websiteFormSchema = z.object({
  name,
  url: websiteUrl,
  platform: z.union([z.enum(WEBSITE_PLATFORMS), z.literal('')]),
});
export type WebsiteForm = z.input<typeof websiteFormSchema>;

// ---- What the API answers ----

const WEBSITE_JOB_STATUSES = ['idle', 'pending', 'running', 'completed', 'failed'] as const;
/** A background job's state for one site: SEO audit, backup, security check. */
export type WebsiteJobStatus = (typeof WEBSITE_JOB_STATUSES)[number];
const jobStatus = z.enum(WEBSITE_JOB_STATUSES);
const count = z.number().int().min(0);

/** Spec §3 analytics, from the site's own tracking script (cookieless; see website-analytics.ts). */
export const websiteAnalyticsSchema = z.object({
  visitors: z.object({ today: count, thisMonth: count }),
  pageViews: z.object({ today: count, thisMonth: count }),
  /** Percent 0–100 of this month's sessions with a single page view. */
  bounceRate: z.number().min(0).max(100),
  /** Seconds, this month's sessions on average (spec §9: shown in minutes). */
  avgSessionDuration: z.number().min(0),
});
export type WebsiteAnalytics = z.output<typeof websiteAnalyticsSchema>;

/** One documented SEO check of the audit (its id, what it found, the points it earned of its weight). */
export const seoCheckResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  passed: z.boolean(),
  points: z.number(),
  max: z.number(),
  /** What was found ('Title is 72 characters'). */
  detail: z.string(),
  /** What to do about it; null when passed. */
  recommendation: z.string().nullable(),
});
export type SeoCheckResult = z.output<typeof seoCheckResultSchema>;

/**
 * One page the SEO audit read (the home page first, then the sitemap's pages): its own checks
 * (SEO_PAGE_CHECK_IDS), its score out of 100 from them, and the images it shows without alt text.
 * A page that could not be read has no checks, a null score and the reason in `error`.
 */
export const seoPageResultSchema = z.object({
  url: z.string(),
  /** The address's path and query ('/about.html'), as the list shows it. */
  path: z.string(),
  score: z.number().int().min(0).max(100).nullable(),
  checks: z.array(seoCheckResultSchema),
  /** The src of each image without alt text, absolute, in page order. */
  imagesWithoutAlt: z.array(z.string()),
  error: z.string().nullable(),
});
export type SeoPageResult = z.output<typeof seoPageResultSchema>;

export const securityCheckResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  passed: z.boolean(),
  detail: z.string(),
  recommendation: z.string().nullable(),
});
export type SecurityCheckResult = z.output<typeof securityCheckResultSchema>;

/** A website (spec §3), as GET /api/websites lists it. */
export const websiteSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  url: z.string(),
  platform: z.enum(WEBSITE_PLATFORMS).nullable(),
  /** Spec §4: shown as Active or Inactive; set in Settings (monitoring and audits pause while inactive). */
  isActive: z.boolean(),
  /** The public id the tracking script sends; not a secret. */
  siteKey: z.string(),
  analytics: websiteAnalyticsSchema,
  /** 0–100 from the last audit; null before the first. */
  seoScore: z.number().min(0).max(100).nullable(),
  seo: z.object({
    status: jobStatus,
    checkedAt: z.iso.datetime().nullable(),
    checks: z.array(seoCheckResultSchema),
    /** The pages audited, home page first; empty before the first audit. */
    pages: z.array(seoPageResultSchema),
    error: z.string().nullable(),
  }),
  /** Spec §3: a percent string over the last 30 days ('99.95'); null before the first check. */
  uptime: z.string().nullable(),
  /**
   * When the checks the uptime counts began, if that was within the 30 days (a young monitor, or a
   * site that moved): the figure covers only the time since. Null when the checks cover the whole
   * 30 days, and before the first check.
   */
  uptimeSince: z.iso.datetime().nullable(),
  /** Whether the last check found the site up; null before the first. */
  isOnline: z.boolean().nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  responseTimeMs: z.number().min(0).nullable(),
  /** ISO time of the last completed backup; null: 'Never'. */
  lastBackup: z.iso.datetime().nullable(),
  backup: z.object({
    status: jobStatus,
    documentId: z.number().int().nullable(),
    pages: count.nullable(),
    error: z.string().nullable(),
  }),
  security: z.object({
    status: jobStatus,
    checkedAt: z.iso.datetime().nullable(),
    checks: z.array(securityCheckResultSchema),
    error: z.string().nullable(),
  }),
  /** Spec §3: how many blog posts were written for the site. */
  blogPosts: count,
  wordpress: z.object({ configured: z.boolean(), username: z.string().nullable() }),
  createdAt: z.iso.datetime(),
});
export type Website = z.output<typeof websiteSchema>;

/** GET /api/websites/{id}/analytics?days=N: how many days back (1–90; 30 by default, the chart's). */
export const websiteAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number from 1 to 90' })
    .int('days must be a whole number from 1 to 90')
    .min(1, 'days must be a whole number from 1 to 90')
    .max(90, 'days must be a whole number from 1 to 90')
    .optional()
    .default(WEBSITE_LIMITS.chartDays),
});

/** GET /api/websites/{id}/analytics: one row per day, oldest first, in the user's timezone. */
export const websiteAnalyticsDaySchema = z.object({
  date: z.iso.date(),
  visitors: count,
  pageViews: count,
});
export type WebsiteAnalyticsDay = z.output<typeof websiteAnalyticsDaySchema>;

export const BLOG_POST_STATUSES = ['pending', 'writing', 'draft', 'published', 'failed'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/** A blog post written for a site (POST /api/websites/{id}/blog answers it pending; a job writes it). */
export const blogPostSchema = z.object({
  id: z.number().int(),
  websiteId: z.number().int(),
  topic: z.string(),
  keywords: z.array(z.string()),
  title: z.string().nullable(),
  /** Markdown. */
  content: z.string().nullable(),
  /**
   * draft: written and kept here (or sent to WordPress as a draft: see wordpressUrl); published: live
   * on the site (published from Aide, or noticed live in WordPress), wordpressUrl its live link.
   */
  status: z.enum(BLOG_POST_STATUSES),
  wordpressUrl: z.string().nullable(),
  error: z.string().nullable(),
  method: z.string().nullable(),
  /**
   * Visits its campaign brought (issue 27: the social posts promoting it carry
   * utm_campaign = campaignSlug(title)); null while it has no address to promote.
   */
  visits: z.number().int().nonnegative().nullable(),
  createdAt: z.iso.datetime(),
});
export type BlogPost = z.output<typeof blogPostSchema>;

/** One post offered to promote a blog post on a platform: its text carries the UTM-tagged link. */
export const blogPromotionPostSchema = z.object({
  platform: z.enum(['linkedin', 'twitter', 'facebook', 'instagram']),
  topic: z.string(),
  content: z.string(),
  hashtags: z.array(z.string()),
  /** The blog post's address with utm_source (the platform), utm_medium=social and utm_campaign. */
  link: z.string(),
  campaign: z.object({ source: z.string(), medium: z.string(), campaign: z.string() }),
});
export type BlogPromotionPost = z.output<typeof blogPromotionPostSchema>;

/** GET /api/websites/blog-posts/{id}/promotion: the posts offered, one per platform. */
export const blogPromotionSchema = z.object({
  blogPostId: z.number().int(),
  url: z.string(),
  campaign: z.string(),
  posts: z.array(blogPromotionPostSchema),
});
export type BlogPromotion = z.output<typeof blogPromotionSchema>;

const websiteCount = z.number().int().nonnegative();

/**
 * The website module's part of GET /api/dashboard (`modules.website`), over all the user's sites:
 * - views: page views today (the user's timezone);
 * - viewsChangePercent: the last 7 days' page views against the 7 before, in whole percent
 *   ('+18% this week'); null when the 7 before had none;
 * - analytics: this month's visitors and page views, the blog posts written, the average SEO score
 *   of the audited sites (0 before any audit) and the average 30-day uptime percent of the active
 *   sites (0 before any check), and since when, while the checks cover less than the 30 days.
 */
export const websiteDashboardSchema = z.object({
  views: websiteCount,
  viewsChangePercent: z.number().int().nullable(),
  analytics: z.object({
    visitors: websiteCount,
    pageViews: websiteCount,
    blogPosts: websiteCount,
    seoScore: z.number().int().min(0).max(100),
    uptime: z.number().min(0).max(100),
    /**
     * When the checks the uptime counts began, if every active site's began within the 30 days
     * (the earliest of them); null when a site's checks cover the whole 30 days, and before any.
     */
    uptimeSince: z.iso.datetime().nullable(),
  }),
});
export type WebsiteDashboard = z.infer<typeof websiteDashboardSchema>;
