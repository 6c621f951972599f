import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type DigestSection, type DigestSectionSource, DigestSource, type DigestWeeks } from '../digest/digest-source';

/**
 * The weekly digest's website traffic over all the person's sites: page views and visitors (each
 * site's distinct visitors of the week, summed, as the dashboard counts them) last week, against
 * the week before. Nothing to say when both weeks had no traffic.
 */
@DigestSource({ module: 'website' })
@Injectable()
export class WebsitesDigestSource implements DigestSectionSource {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async section(userId: number, { lastWeek, weekBefore }: DigestWeeks): Promise<DigestSection | null> {
    const [row] = await this.dataSource.query<
      { views: number; viewsBefore: number; visitors: number; visitorsBefore: number }[]
    >(
      `WITH per_site AS (
         SELECT count(*) FILTER (WHERE p."occurredAt" >= $2)::int AS views,
                count(*) FILTER (WHERE p."occurredAt" < $2)::int AS "viewsBefore",
                count(DISTINCT p."visitorHash") FILTER (WHERE p."occurredAt" >= $2)::int AS visitors,
                count(DISTINCT p."visitorHash") FILTER (WHERE p."occurredAt" < $2)::int AS "visitorsBefore"
           FROM websites w
           JOIN website_pageviews p ON p."websiteId" = w.id AND p."occurredAt" >= $3 AND p."occurredAt" < $4
          WHERE w."userId" = $1
          GROUP BY w.id
       )
       SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum("viewsBefore"), 0)::int AS "viewsBefore",
              coalesce(sum(visitors), 0)::int AS visitors, coalesce(sum("visitorsBefore"), 0)::int AS "visitorsBefore"
         FROM per_site`,
      [userId, lastWeek.from, weekBefore.from, lastWeek.to],
    );
    if (row.views + row.viewsBefore === 0) return null;
    return {
      kind: 'website',
      visitors: { lastWeek: row.visitors, weekBefore: row.visitorsBefore },
      pageViews: { lastWeek: row.views, weekBefore: row.viewsBefore },
    };
  }
}
