import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  type DigestSection,
  type DigestSectionSource,
  DigestSource,
  type DigestWeeks,
  isQuiet,
} from '../digest/digest-source';

type Totals = { likes: number; shares: number; comments: number; reach: number };

/**
 * The weekly digest's social engagement: the likes, shares, comments and reach the person's posts
 * gained last week and the week before, from the figures the platforms reported (engagement
 * snapshots): each post's latest figures as of the end of a week, summed, minus the same as of its
 * start (as the social stat cards' growth reads them). Nothing to say when nothing changed in either week.
 */
@DigestSource({ module: 'social' })
@Injectable()
export class SocialDigestSource implements DigestSectionSource {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async section(userId: number, { lastWeek, weekBefore }: DigestWeeks): Promise<DigestSection | null> {
    const rows = await this.dataSource.query<({ point: 'end' | 'middle' | 'start' } & Totals)[]>(
      `SELECT p.point, coalesce(sum(s.likes), 0)::int AS likes, coalesce(sum(s.shares), 0)::int AS shares,
              coalesce(sum(s.comments), 0)::int AS comments, coalesce(sum(s.reach), 0)::int AS reach
         FROM (VALUES ('end', $2::timestamptz), ('middle', $3::timestamptz), ('start', $4::timestamptz)) AS p(point, at)
         LEFT JOIN LATERAL (
           SELECT DISTINCT ON ("postId") likes, shares, comments, reach
             FROM social_engagement_snapshots
            WHERE "userId" = $1 AND "capturedAt" < p.at
            ORDER BY "postId", "capturedAt" DESC, id DESC
         ) s ON true
        GROUP BY p.point`,
      [userId, lastWeek.to, lastWeek.from, weekBefore.from],
    );
    const at = (point: string): Totals =>
      rows.find((row) => row.point === point) ?? { likes: 0, shares: 0, comments: 0, reach: 0 };
    const [end, middle, start] = [at('end'), at('middle'), at('start')];
    const gained = (key: keyof Totals) => ({
      lastWeek: Math.max(0, end[key] - middle[key]),
      weekBefore: Math.max(0, middle[key] - start[key]),
    });
    const section = {
      kind: 'social' as const,
      likes: gained('likes'),
      shares: gained('shares'),
      comments: gained('comments'),
      reach: gained('reach'),
    };
    if ([section.likes, section.shares, section.comments, section.reach].every(isQuiet)) return null;
    return section;
  }
}
