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

/** A row (from the repository or a raw RETURNING *) as the API answers it. */
export function toSocialPost(row: SocialPostEntity): SocialPost {
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
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}
