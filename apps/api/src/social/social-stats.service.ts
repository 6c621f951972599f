import { engagementTotal, SOCIAL_PLATFORMS, type SocialPlatform, type SocialPlatformStats } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolQuery } from '../common/entity-rows';

const WEEK_MS = 7 * 86_400_000;

/** Week over week, in percent with one decimal; null when last week had nothing to compare with. */
export function growthPercent(thisWeek: number, lastWeek: number): number | null {
  if (lastWeek === 0) return null;
  return Math.round(((thisWeek - lastWeek) / lastWeek) * 1000) / 10;
}

interface CountsRow {
  platform: SocialPlatform;
  drafts: number;
  scheduled: number;
  published: number;
  likes: number;
  shares: number;
  comments: number;
  reach: number;
  publishedThisWeek: number;
  publishedLastWeek: number;
}

/**
 * The stat cards' and the dashboard's figures per platform (DECISIONS: real growth, not random):
 * counts by status, engagement summed over published posts, and growth week over week. Where the
 * platform has reported figures for the user (engagement snapshots), growth is the engagement
 * (likes + shares + comments) gained: the total of each post's latest snapshot at now, minus the
 * same at 7 days ago (this week), against 7 days ago minus 14 days ago (last week). Otherwise it
 * is the posts published in each of those weeks. Four queries whatever the number of posts.
 */
@Injectable()
export class SocialStatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async stats(userId: number, now = new Date()): Promise<SocialPlatformStats[]> {
    const weekAgo = new Date(now.getTime() - WEEK_MS);
    const fortnightAgo = new Date(now.getTime() - 2 * WEEK_MS);
    const [counts, totals, reported, accounts] = await Promise.all([
      poolQuery<CountsRow>(
        this.dataSource,
        `SELECT platform,
                count(*) FILTER (WHERE status = 'draft')::int AS drafts,
                count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled,
                count(*) FILTER (WHERE status = 'published')::int AS published,
                coalesce(sum((engagement->>'likes')::bigint) FILTER (WHERE status = 'published'), 0)::int AS likes,
                coalesce(sum((engagement->>'shares')::bigint) FILTER (WHERE status = 'published'), 0)::int AS shares,
                coalesce(sum((engagement->>'comments')::bigint) FILTER (WHERE status = 'published'), 0)::int AS comments,
                coalesce(sum((engagement->>'reach')::bigint) FILTER (WHERE status = 'published'), 0)::int AS reach,
                count(*) FILTER (WHERE status = 'published' AND "publishedAt" > $3 AND "publishedAt" <= $2)::int AS "publishedThisWeek",
                count(*) FILTER (WHERE status = 'published' AND "publishedAt" > $4 AND "publishedAt" <= $3)::int AS "publishedLastWeek"
           FROM social_posts WHERE "userId" = $1 GROUP BY platform`,
        [userId, now, weekAgo, fortnightAgo],
      ),
      // Each post's latest figures as of each point in time, summed per platform.
      poolQuery<{ platform: SocialPlatform; point: 'now' | 'weekAgo' | 'fortnightAgo'; total: number }>(
        this.dataSource,
        `SELECT s.platform, p.point, coalesce(sum(s.total), 0)::int AS total
           FROM (VALUES ('now', $2::timestamptz), ('weekAgo', $3::timestamptz), ('fortnightAgo', $4::timestamptz)) AS p(point, at)
           CROSS JOIN LATERAL (
             SELECT DISTINCT ON ("postId") platform, likes + shares + comments AS total
               FROM social_engagement_snapshots
              WHERE "userId" = $1 AND "capturedAt" <= p.at
              ORDER BY "postId", "capturedAt" DESC, id DESC
           ) s
          GROUP BY s.platform, p.point`,
        [userId, now, weekAgo, fortnightAgo],
      ),
      poolQuery<{ platform: SocialPlatform }>(
        this.dataSource,
        `SELECT DISTINCT platform FROM social_engagement_snapshots WHERE "userId" = $1`,
        [userId],
      ),
      poolQuery<{ platform: SocialPlatform }>(
        this.dataSource,
        `SELECT platform FROM social_accounts WHERE "userId" = $1`,
        [userId],
      ),
    ]);
    const withFigures = new Set(reported.map((row) => row.platform));
    const connected = new Set(accounts.map((row) => row.platform));
    const totalAt = (platform: SocialPlatform, point: string) =>
      totals.find((row) => row.platform === platform && row.point === point)?.total ?? 0;

    return SOCIAL_PLATFORMS.map((platform) => {
      const row = counts.find((count) => count.platform === platform);
      const engagement = {
        likes: row?.likes ?? 0,
        shares: row?.shares ?? 0,
        comments: row?.comments ?? 0,
        reach: row?.reach ?? 0,
      };
      let growth: SocialPlatformStats['growth'];
      if (withFigures.has(platform)) {
        const thisWeek = totalAt(platform, 'now') - totalAt(platform, 'weekAgo');
        const lastWeek = totalAt(platform, 'weekAgo') - totalAt(platform, 'fortnightAgo');
        growth = { basis: 'engagement', thisWeek, lastWeek, percent: growthPercent(thisWeek, lastWeek) };
      } else {
        const thisWeek = row?.publishedThisWeek ?? 0;
        const lastWeek = row?.publishedLastWeek ?? 0;
        growth = { basis: 'posts', thisWeek, lastWeek, percent: growthPercent(thisWeek, lastWeek) };
      }
      return {
        platform,
        drafts: row?.drafts ?? 0,
        scheduled: row?.scheduled ?? 0,
        published: row?.published ?? 0,
        engagement: { ...engagement, total: engagementTotal(engagement) },
        growth,
        connected: connected.has(platform),
      };
    });
  }
}
