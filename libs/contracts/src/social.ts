import { z } from 'zod';
import { text } from './text';

// ---- Social Media (spec: social §2, §3, §4, §5, §7, §8; DECISIONS: publishing, real growth) ----

export const SOCIAL_PLATFORMS = ['linkedin', 'twitter', 'facebook', 'instagram'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = {
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/**
 * Each platform's real limit on a post's text, in characters (Unicode code points), hashtags
 * included: X 280, LinkedIn 3,000, Instagram 2,200 (caption), Facebook 63,206.
 */
export const SOCIAL_LENGTH_LIMITS: Record<SocialPlatform, number> = {
  twitter: 280,
  linkedin: 3000,
  instagram: 2200,
  facebook: 63206,
};

/** Spec §5: the tones, professional by default. */
export const SOCIAL_TONES = ['professional', 'casual', 'enthusiastic', 'informative', 'humorous'] as const;
export type SocialTone = (typeof SOCIAL_TONES)[number];
export const DEFAULT_SOCIAL_TONE: SocialTone = 'professional';

/** Spec §3: draft → (scheduled →) published. */
export const SOCIAL_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type SocialPostStatus = (typeof SOCIAL_POST_STATUSES)[number];

export const SOCIAL_LIMITS = {
  topicMax: 500,
  /** Instagram's own cap on hashtags per post; the others allow more but read worse with more. */
  hashtagsMax: 30,
  hashtagMax: 100,
  /** How far ahead a post may be scheduled. */
  scheduleMaxDays: 365,
} as const;

export const SOCIAL_MESSAGES = {
  // Spec §5.
  platformRequired: 'Platform is required',
  topicRequired: 'Topic is required',
  // Spec §8: toasts.
  createFailed: 'Failed to create social post',
  publishFailed: 'Failed to publish post',
  // The product's own toasts and answers (the spec shows none for these).
  created: 'Post draft created',
  updated: 'Post updated',
  updateFailed: 'Failed to update post',
  scheduled: 'Post scheduled',
  rescheduled: 'Post rescheduled',
  scheduleFailed: 'Failed to schedule post',
  unscheduled: 'Post moved back to drafts',
  deleted: 'Post deleted',
  deleteFailed: 'Failed to delete post',
  published: 'Post published',
  sharedOpened: 'Post marked as published — finish sharing it in the tab that opened',
  connectFailed: 'Failed to connect the account',
  disconnected: 'Account disconnected',
  notFound: 'Social post not found',
  accountNotFound: 'No connected account for this platform',
  /** 403 (DECISIONS §Identity): a path with another user's id. */
  otherUser: 'You can only list your own social posts',
  /** 403: a create body whose userId is another user's. */
  otherUserCreate: 'You can only write posts for yourself',
  platformInvalid: `Platform must be one of: ${SOCIAL_PLATFORMS.join(', ')}`,
  toneInvalid: `Tone must be one of: ${SOCIAL_TONES.join(', ')}`,
  contentRequired: 'Post text is required',
  scheduledInPast: 'Choose a time in the future to schedule the post',
  scheduledTooFar: `A post can be scheduled at most ${SOCIAL_LIMITS.scheduleMaxDays} days ahead`,
  scheduledAtInvalid: 'scheduledAt must be a date and time',
  /** 409s. */
  alreadyPublished: 'This post is already published and can no longer be changed',
  notScheduled: 'Only a scheduled post can be rescheduled or unscheduled',
  publishing: 'This post is being published right now',
  instagramNeedsImage:
    'Instagram only publishes posts with an image: add an image link to the post, or share it yourself',
  /** A publish interrupted between claiming the post and the platform's answer (see social-publisher). */
  publishInterrupted:
    'Publishing was interrupted before the platform answered; check the platform before publishing again',
  // Issue 27: posts from a research report, and a blog post's promotion.
  reportRequired: 'Choose the research report to write posts from',
  platformsRequired: 'Choose at least one platform',
  postsRequired: 'Send at least one post to keep',
  campaignInvalid: 'A campaign link needs its source, medium and name',
  reportNotFound: 'Research report not found',
  reportNotFinished: 'Posts can only be written from a finished research report',
  reportHasNoFindings: 'This report has no findings to write posts from',
  notConfigured: (platform: SocialPlatform) =>
    `Connecting ${SOCIAL_PLATFORM_LABELS[platform]} is not configured on this server`,
} as const;

/** The message when a post's text (hashtags included) is over its platform's limit. */
export function tooLongMessage(platform: SocialPlatform, length: number): string {
  const limit = SOCIAL_LENGTH_LIMITS[platform];
  return `${SOCIAL_PLATFORM_LABELS[platform]} allows ${limit.toLocaleString('en-US')} characters; this post has ${length.toLocaleString('en-US')}`;
}

/** A hashtag as stored: no '#', letters, digits and underscores only (what every platform links). */
export function normaliseHashtag(tag: string): string {
  return tag
    .trim()
    .replace(/^#+/, '')
    .replace(/[^\p{L}\p{N}_]/gu, '');
}

/** Normalised, blanks dropped, and one of each regardless of case (#AI and #ai link to the same page). */
export function uniqueHashtags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.map(normaliseHashtag).filter((tag) => tag && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
}

/** The text that goes to the platform: the content, a blank line, then the hashtags. */
export function composePostText(content: string, hashtags: readonly string[]): string {
  const tags = hashtags.map((tag) => `#${tag}`).join(' ');
  return tags ? `${content.trimEnd()}\n\n${tags}` : content.trimEnd();
}

/** Characters as the platforms count them (code points: an emoji is one, not two UTF-16 units). */
export function postLength(content: string, hashtags: readonly string[]): number {
  return [...composePostText(content, hashtags)].length;
}

/** null when the post fits its platform, else the message. */
export function checkPostLength(platform: SocialPlatform, content: string, hashtags: readonly string[]): string | null {
  const length = postLength(content, hashtags);
  return length > SOCIAL_LENGTH_LIMITS[platform] ? tooLongMessage(platform, length) : null;
}

/** A query string (the contracts build for browser and server alike, without DOM or Node types). */
const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');

/**
 * Where 'Publish Now' sends the browser when no account is connected (DECISIONS §Integrations):
 * X and LinkedIn open their composer with the text filled in; Facebook's sharer takes a link (the
 * first one in the post) but no text, and Instagram has no web share page, so for those two the
 * screen copies the text to the clipboard first and says so (`prefillsText` false).
 */
export function shareTarget(
  platform: SocialPlatform,
  content: string,
  hashtags: readonly string[],
): { url: string; prefillsText: boolean } {
  const full = composePostText(content, hashtags);
  switch (platform) {
    case 'twitter':
      return { url: `https://twitter.com/intent/tweet?${query({ text: full })}`, prefillsText: true };
    case 'linkedin':
      return {
        url: `https://www.linkedin.com/feed/?${query({ shareActive: 'true', text: full })}`,
        prefillsText: true,
      };
    case 'facebook': {
      const link = /https?:\/\/[^\s<>"]+/.exec(content)?.[0];
      return link
        ? { url: `https://www.facebook.com/sharer/sharer.php?${query({ u: link })}`, prefillsText: false }
        : { url: 'https://www.facebook.com/', prefillsText: false };
    }
    case 'instagram':
      return { url: 'https://www.instagram.com/', prefillsText: false };
  }
}

export const socialEngagementSchema = z.object({
  likes: z.number(),
  shares: z.number(),
  comments: z.number(),
  reach: z.number(),
});
export type SocialEngagement = z.infer<typeof socialEngagementSchema>;
export const ZERO_ENGAGEMENT: SocialEngagement = { likes: 0, shares: 0, comments: 0, reach: 0 };

/** Spec §7 "engagement is the sum of likes, shares and comments". */
export function engagementTotal(engagement: SocialEngagement): number {
  return engagement.likes + engagement.shares + engagement.comments;
}

/** How a post was published: through a connected account's API, or by the share page (no figures then). */
export const SOCIAL_PUBLISH_MODES = ['connector', 'share'] as const;
export type SocialPublishMode = (typeof SOCIAL_PUBLISH_MODES)[number];

/** A social post as the API answers it (spec §3 entity, plus what the screen needs). */
export const socialPostSchema = z.object({
  id: z.number(),
  platform: z.enum(SOCIAL_PLATFORMS),
  topic: z.string(),
  tone: z.enum(SOCIAL_TONES),
  content: z.string(),
  /** Without '#'. */
  hashtags: z.array(z.string()),
  /** Instagram's connector publishes an image with the caption; optional elsewhere. */
  imageUrl: z.string().nullable(),
  status: z.enum(SOCIAL_POST_STATUSES),
  /** Zero until a connected platform reports figures (never made up). */
  engagement: socialEngagementSchema,
  /** When the figures were last read from the platform; null when never. */
  engagementUpdatedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  publishMode: z.enum(SOCIAL_PUBLISH_MODES).nullable(),
  /** The post on the platform, when published through a connected account. */
  externalUrl: z.string().nullable(),
  /** Why the last publish failed, readable; null otherwise. */
  publishError: z.string().nullable(),
  /** The campaign tags of the link the post carries to the person's own site (issue 27); null when it carries none. */
  campaign: z.object({ source: z.string(), medium: z.string(), campaign: z.string() }).nullable(),
  /** Visits the post's campaign link brought to the person's site; null when it carries no campaign link. */
  visits: z.number().int().nonnegative().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SocialPost = z.infer<typeof socialPostSchema>;

/** POST /api/social/:id/publish: the post, and where to share it when no account is connected. */
export const publishSocialPostResultSchema = z.object({
  post: socialPostSchema,
  /** null when published through a connected account. */
  share: z.object({ url: z.string(), prefillsText: z.boolean(), text: z.string() }).nullable(),
});
export type PublishSocialPostResult = z.infer<typeof publishSocialPostResultSchema>;

/** One platform's figures for the screen's stat card and the dashboard (DECISIONS: real growth). */
export const socialPlatformStatsSchema = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  drafts: z.number(),
  scheduled: z.number(),
  published: z.number(),
  /** Summed over published posts. */
  engagement: socialEngagementSchema.extend({ total: z.number() }),
  /**
   * Week over week: engagement gained in the last 7 days against the 7 before, from the stored
   * figures; where the platform reports no figures, posts published in each week. `percent` is
   * null when last week had nothing to compare with.
   */
  growth: z.object({
    basis: z.enum(['engagement', 'posts']),
    thisWeek: z.number(),
    lastWeek: z.number(),
    percent: z.number().nullable(),
  }),
  connected: z.boolean(),
});
export type SocialPlatformStats = z.infer<typeof socialPlatformStatsSchema>;

/** A platform account as GET /api/social-accounts answers it (tokens never leave the server). */
export const socialAccountSchema = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  /** Whether this server has OAuth client settings for the platform. */
  configured: z.boolean(),
  connected: z.boolean(),
  accountName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** Why the last call with this account failed (expired token…); null when fine. */
  error: z.string().nullable(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/** GET /api/auth/social/:platform: where the browser goes to grant access. */
export const socialAuthStartSchema = z.object({ authUrl: z.string() });
export type SocialAuthStart = z.infer<typeof socialAuthStartSchema>;

const platform = z.enum(SOCIAL_PLATFORMS, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? SOCIAL_MESSAGES.platformRequired
      : SOCIAL_MESSAGES.platformInvalid,
});
const tone = z.enum(SOCIAL_TONES, { error: SOCIAL_MESSAGES.toneInvalid });
const topic = text('Topic', SOCIAL_LIMITS.topicMax, { required: SOCIAL_MESSAGES.topicRequired });

const hashtags = z
  .array(text('A hashtag', SOCIAL_LIMITS.hashtagMax + 1), { error: 'Hashtags must be a list of text' })
  .transform(uniqueHashtags)
  .refine((list) => list.length <= SOCIAL_LIMITS.hashtagsMax, `At most ${SOCIAL_LIMITS.hashtagsMax} hashtags`);

const scheduledAt = z.iso
  .datetime({ offset: true, error: SOCIAL_MESSAGES.scheduledAtInvalid })
  .transform((value) => new Date(value));

/** POST /api/social/create (spec §7: userId, platform, topic, tone); `userId`, if sent, must be the signed-in user's. */
export const createSocialPostSchema = z.object({
  userId: z.number().int().positive().optional(),
  platform,
  topic,
  tone: tone.optional().default(DEFAULT_SOCIAL_TONE),
});
export type CreateSocialPostPayload = z.input<typeof createSocialPostSchema>;
export type CreateSocialPost = z.output<typeof createSocialPostSchema>;

/** POST /api/social/posts/from-research: draft posts written from a finished research report, one per platform. */
export const createPostsFromResearchSchema = z.object({
  reportId: z.number({ error: SOCIAL_MESSAGES.reportRequired }).int().positive(SOCIAL_MESSAGES.reportRequired),
  platforms: z
    .array(platform, { error: SOCIAL_MESSAGES.platformsRequired })
    .min(1, SOCIAL_MESSAGES.platformsRequired)
    .transform((list) => [...new Set(list)]),
});
export type CreatePostsFromResearchPayload = z.input<typeof createPostsFromResearchSchema>;
export type CreatePostsFromResearch = z.output<typeof createPostsFromResearchSchema>;

/**
 * POST /api/social/posts/drafts: drafts written elsewhere (a blog post's promotion), kept as they
 * are, each with the campaign tags of the link it carries.
 */
export const createSocialDraftsSchema = z.object({
  posts: z
    .array(
      z.object({
        platform,
        topic,
        content: text('Post text', SOCIAL_LENGTH_LIMITS.facebook, { required: SOCIAL_MESSAGES.contentRequired }),
        hashtags: hashtags.optional().default([]),
        campaign: z
          .object({
            source: text('Campaign source', 100, { required: SOCIAL_MESSAGES.campaignInvalid }),
            medium: text('Campaign medium', 100, { required: SOCIAL_MESSAGES.campaignInvalid }),
            campaign: text('Campaign name', 100, { required: SOCIAL_MESSAGES.campaignInvalid }),
          })
          .nullable()
          .optional()
          .default(null),
      }),
      { error: SOCIAL_MESSAGES.postsRequired },
    )
    .min(1, SOCIAL_MESSAGES.postsRequired)
    .max(SOCIAL_PLATFORMS.length, `At most ${SOCIAL_PLATFORMS.length} posts at once`),
});
export type CreateSocialDraftsPayload = z.input<typeof createSocialDraftsSchema>;
export type CreateSocialDrafts = z.output<typeof createSocialDraftsSchema>;

/** PATCH /api/social/{id}: the edited preview; the server checks the platform's length limit. */
export const updateSocialPostSchema = z
  .object({
    // The platform's own limit (hashtags included) is checked against the post's platform by the service.
    content: text('Post text', SOCIAL_LENGTH_LIMITS.facebook, { required: SOCIAL_MESSAGES.contentRequired }).optional(),
    hashtags: hashtags.optional(),
    imageUrl: z
      .url({ protocol: /^https?$/, error: 'Image link must be an http(s) address' })
      .max(2000)
      .nullable()
      .optional(),
  })
  .strict()
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Send content, hashtags or an image link to change',
  );
export type UpdateSocialPostPayload = z.input<typeof updateSocialPostSchema>;

/** POST /api/social/{id}/schedule: schedule a draft, or reschedule a scheduled post. */
export const scheduleSocialPostSchema = z.object({ scheduledAt });
export type ScheduleSocialPostPayload = z.input<typeof scheduleSocialPostSchema>;

/** null when `when` is an acceptable time to schedule at (`now` for tests), else the message. */
export function checkScheduleTime(when: Date, now: Date = new Date()): string | null {
  if (when.getTime() <= now.getTime()) return SOCIAL_MESSAGES.scheduledInPast;
  if (when.getTime() > now.getTime() + SOCIAL_LIMITS.scheduleMaxDays * 86_400_000)
    return SOCIAL_MESSAGES.scheduledTooFar;
  return null;
}

/** The Create Post dialog's first step (react-hook-form). */
export const socialPostFormSchema = z.object({
  platform: z.union([platform, z.literal('')]).refine((value) => value !== '', SOCIAL_MESSAGES.platformRequired),
  topic,
  tone,
});
export type SocialPostForm = z.input<typeof socialPostFormSchema>;

/** The editable preview (content and hashtags typed as space- or comma-separated text). */
export const socialPreviewFormSchema = z.object({
  content: z.string().trim().min(1, SOCIAL_MESSAGES.contentRequired),
  hashtags: z
    .string()
    .max(SOCIAL_LIMITS.hashtagsMax * (SOCIAL_LIMITS.hashtagMax + 2), `At most ${SOCIAL_LIMITS.hashtagsMax} hashtags`),
});
export type SocialPreviewForm = z.input<typeof socialPreviewFormSchema>;

/** '#ai, #Tech  cloud' → ['ai', 'Tech', 'cloud'] (unique, in order). */
export function parseHashtags(input: string): string[] {
  return uniqueHashtags(input.split(/[\s,]+/));
}

/**
 * The social module's part of GET /api/dashboard (`modules.social`): per platform, the posts
 * scheduled and the real week-over-week growth in percent (0 when last week had nothing to compare with).
 */
export const socialDashboardSchema = z.object({
  performance: z.record(
    z.enum(SOCIAL_PLATFORMS),
    z.object({ scheduled: z.number().int().nonnegative(), growthRate: z.number() }),
  ),
});
export type SocialDashboard = z.infer<typeof socialDashboardSchema>;
