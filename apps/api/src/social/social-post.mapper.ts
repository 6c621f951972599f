import { type SocialEngagement, type SocialPost, ZERO_ENGAGEMENT } from '@aide/contracts';
import type { SocialPostEntity } from './social-post.entity';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whole, non-negative figures (a jsonb value read back is whatever was stored). */
const figures = (engagement: Partial<SocialEngagement> | null): SocialEngagement => {
  const value = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  const source = engagement ?? ZERO_ENGAGEMENT;
  return {
    likes: value(source.likes),
    shares: value(source.shares),
    comments: value(source.comments),
    reach: value(source.reach),
  };
};

/** The campaign tags the post's link carries; null when it carries none. */
export function campaignOf(
  row: Pick<SocialPostEntity, 'utmSource' | 'utmMedium' | 'utmCampaign'>,
): SocialPost['campaign'] {
  if (!row.utmCampaign || !row.utmSource || !row.utmMedium) return null;
  return { source: row.utmSource, medium: row.utmMedium, campaign: row.utmCampaign };
}

/**
 * A row (from the repository or a raw RETURNING *) as the API answers it. `visits`: what its
 * campaign brought (WebsiteMetrics.campaignVisits); a post without a campaign link shows null, one
 * whose visits were not read here shows 0 until the list reads them.
 */
export function toSocialPost(row: SocialPostEntity, visits?: number): SocialPost {
  const campaign = campaignOf(row);
  return {
    id: row.id,
    platform: row.platform,
    topic: row.topic,
    tone: row.tone,
    content: row.content,
    hashtags: row.hashtags,
    imageUrl: row.imageUrl,
    status: row.status,
    engagement: figures(row.engagement),
    engagementUpdatedAt: iso(row.engagementUpdatedAt),
    publishedAt: iso(row.publishedAt),
    scheduledAt: iso(row.scheduledAt),
    publishMode: row.publishMode,
    externalUrl: row.externalUrl,
    publishError: row.publishError,
    campaign,
    visits: campaign ? Math.max(0, Math.floor(visits ?? 0)) : null,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}
