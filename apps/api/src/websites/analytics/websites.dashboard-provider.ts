import { WEBSITE_LIMITS, type WebsiteDashboard } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolQuery } from '../../common/entity-rows';
import { DashboardPart, type DashboardProvider } from '../../dashboard/dashboard-provider';
import { partialRange, queryFigures, rolledThrough, seenBefore, sitesCte, tailKeys, tailRange } from './rollup-sql';
import { UPTIME_COVERAGE_SLACK_MINUTES } from './website-uptime.service';

/**
 * The website part of the dashboard, over all the user's sites, in three queries:
 * - views: page views today (the user's timezone);
 * - viewsChangePercent: the last 7 days' page views against the 7 before, in
 *   whole percent ('+18% this week'); null when the 7 before had none;
 * - analytics: this month's visitors (each site's visitors a day, summed, as on each site) and page
 *   views (whole days from the daily roll-ups, the rest from the raw events), the blog posts written for the sites, the average SEO score of the audited sites
 *   (0 before any audit), and the average uptime percent of the active sites over 30 days
 *   (0 before any check), with the time their checks began when every site's began within the
 *   30 days (uptimeSince, as on each site).
 */
@DashboardPart({ module: 'website' })
@Injectable()
export class WebsitesDashboardProvider implements DashboardProvider<WebsiteDashboard> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Page views today, the last 7 days, the 7 before and this month, and this month's visitors, over the user's sites. */
  private async pageViews(userId: number, now: Date, timezone: string) {
    const ids = (
      await poolQuery<{ id: number }>(this.dataSource, `SELECT id FROM websites WHERE "userId" = $1`, [userId])
    ).map((row) => row.id);
    // No site, no views: the figures' transaction (four round trips on one connection) would only say 0.
    if (ids.length === 0) return [{ today: 0, week: 0, previousWeek: 0, monthViews: 0, monthVisitors: 0 }];
    return queryFigures<
      { today: number; week: number; previousWeek: number; monthViews: number; monthVisitors: number }[]
    >(
      this.dataSource,
      `WITH ${sitesCte(`least(k.today - 13, date_trunc('month', k.today)::date)`)}, days AS (
         SELECT s.today, r.day, sum(r.n)::int AS views, count(*) FILTER (WHERE NOT ${seenBefore('website_pageviews')})::int AS visitors
           FROM (SELECT ${tailKeys('"occurredAt"')}, count(*) AS n
                   FROM ${tailRange('website_pageviews', '"occurredAt"')} GROUP BY 1, 2, 3, 4, 5) r
           JOIN sites s ON s."websiteId" = r."websiteId"
          GROUP BY r."websiteId", 1, 2
         UNION ALL
         SELECT s.today, d.day, d."pageViews", d.visitors FROM ${partialRange('website_daily_stats')}
       )
       SELECT coalesce(sum(views) FILTER (WHERE day = today), 0)::int AS today,
              coalesce(sum(views) FILTER (WHERE day >= today - 6), 0)::int AS week,
              coalesce(sum(views) FILTER (WHERE day < today - 6 AND day >= today - 13), 0)::int AS "previousWeek",
              coalesce(sum(views) FILTER (WHERE day >= date_trunc('month', today)::date), 0)::int AS "monthViews",
              coalesce(sum(visitors) FILTER (WHERE day >= date_trunc('month', today)::date), 0)::int AS "monthVisitors"
         FROM days`,
      [ids, await rolledThrough(this.dataSource, ids, timezone), now, timezone],
    );
  }

  async contribute(userId: number, now: Date, timezone: string): Promise<WebsiteDashboard> {
    const [[views], [sites], [uptime]] = await Promise.all([
      this.pageViews(userId, now, timezone),
      poolQuery<{ seoScore: number | null; blogPosts: number }>(
        this.dataSource,
        `SELECT round(avg("seoScore"))::int AS "seoScore", (SELECT count(*)::int FROM website_blog_posts WHERE "userId" = $1) AS "blogPosts"
           FROM websites WHERE "userId" = $1`,
        [userId],
      ),
      poolQuery<{ uptime: number | null; since: Date | null }>(
        this.dataSource,
        `SELECT avg(floor(c.ok * 10000.0 / c.total) / 100)::float8 AS uptime,
                CASE WHEN bool_and(c.first > $2::timestamptz - $3::int * interval '1 day' + $4::int * interval '1 minute') THEN min(c.first) END AS since
           FROM (SELECT count(*) FILTER (WHERE u.ok) AS ok, count(*) AS total, min(u."checkedAt") AS first
                   FROM websites w JOIN website_uptime_checks u ON u."websiteId" = w.id AND u."checkedAt" > $2::timestamptz - $3::int * interval '1 day'
                  WHERE w."userId" = $1 AND w."isActive"
                  GROUP BY w.id) c`,
        [userId, now, WEBSITE_LIMITS.uptimeDays, UPTIME_COVERAGE_SLACK_MINUTES],
      ),
    ]);
    return {
      views: views.today,
      viewsChangePercent: views.previousWeek
        ? Math.round(((views.week - views.previousWeek) * 100) / views.previousWeek)
        : null,
      analytics: {
        visitors: views.monthVisitors,
        pageViews: views.monthViews,
        blogPosts: sites.blogPosts,
        seoScore: sites.seoScore ?? 0,
        uptime: uptime.uptime === null ? 0 : Math.round(uptime.uptime * 100) / 100,
        uptimeSince: uptime.since ? uptime.since.toISOString() : null,
      },
    };
  }
}
