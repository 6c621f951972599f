/** Small factories for the screen's data (STYLE: fixtures by factory, not copied JSON). */
import {
  ZERO_ENGAGEMENT,
  type SocialAccount,
  type SocialPlatform,
  type SocialPlatformStats,
  type SocialPost,
} from '@aide/contracts';

let nextId = 100;

export function aPost(fields: Partial<SocialPost> = {}): SocialPost {
  nextId += 1;
  return {
    id: nextId,
    platform: 'linkedin',
    topic: `Topic ${nextId}`,
    tone: 'professional',
    content: `Post number ${nextId}`,
    hashtags: [],
    imageUrl: null,
    status: 'draft',
    engagement: { ...ZERO_ENGAGEMENT },
    engagementUpdatedAt: null,
    publishedAt: null,
    scheduledAt: null,
    publishMode: null,
    externalUrl: null,
    publishError: null,
    campaign: null,
    visits: null,
    createdAt: '2026-03-03T14:05:00.000Z',
    updatedAt: '2026-03-03T14:05:00.000Z',
    ...fields,
  };
}

export function someStats(platform: SocialPlatform, fields: Partial<SocialPlatformStats> = {}): SocialPlatformStats {
  return {
    platform,
    drafts: 0,
    scheduled: 0,
    published: 0,
    engagement: { ...ZERO_ENGAGEMENT, total: 0 },
    growth: { basis: 'engagement', thisWeek: 0, lastWeek: 0, percent: null },
    connected: false,
    ...fields,
  };
}

export function anAccount(platform: SocialPlatform, fields: Partial<SocialAccount> = {}): SocialAccount {
  return {
    platform,
    configured: false,
    connected: false,
    accountName: null,
    connectedAt: null,
    error: null,
    ...fields,
  };
}
