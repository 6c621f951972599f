import {
  type AnalyticsBreakdown,
  type AnalyticsPeriod,
  normalCampaignTag,
  WEBSITE_LIMITS,
  type WebsiteAnalytics,
  type WebsiteAnalyticsDay,
  type WebsiteGoal,
} from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type CampaignKey, WebsiteMetrics, type WebsiteUptimeSummary } from '../website-metrics';
import { AnalyticsClock } from './analytics-clock';
import {
  pageGoalMatch,
  partialRange,
  queryFigures,
  rawRange,
  rolledRange,
  rolledThrough,
  seenBefore,
  SESSION_SECONDS,
  sitesCte,
  tailKeys,
  tailRange,
} from './rollup-sql';
import { uptimeSince } from './website-uptime.service';

/**
 * Percent of ok checks with two decimals, rounded down, so '100.00' means no failed check at all
 * (99.999 shows as '99.99').
 */
export function uptimePercent(ok: number, total: number): string {
  return (Math.floor((ok * 10_000) / total) / 100).toFixed(2);
}

const zeros = (): WebsiteAnalytics => ({
  visitors: { today: 0, thisMonth: 0 },
  pageViews: { today: 0, thisMonth: 0 },
  bounceRate: 0,
  avgSessionDuration: 0,
});

/**
 * The figures read from the tracking events and the uptime checks. "Today" and "this month" are
 * calendar days in the user's timezone; visitors are distinct daily visitor hashes (a visitor
 * who returns on another day counts again in the month, as in Plausible); bounce rate and average
 * session length are over the sessions started this month.
 */
@Injectable()
export class WebsiteMetricsService extends WebsiteMetrics {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: AnalyticsClock,
  ) {
    super();
  }

  /** A statement over the raw events and the roll-ups (queryFigures: more sort memory). */
  private figures<T>(sql: string, params: unknown[]): Promise<T> {
    return queryFigures<T>(this.dataSource, sql, params);
  }

  /**
   * Whole days come from the daily roll-ups, the days after the last rolled-up one (today, and
   * yesterday until it is rolled up) from the raw events; visitors over several days are the sum of
   * each day's (a visitor counts once a day).
   */
  async traffic(websiteIds: number[], timezone: string): Promise<Map<number, WebsiteAnalytics>> {
    const result = new Map(websiteIds.map((id) => [id, zeros()]));
    if (!websiteIds.length) return result;
    const params = [websiteIds, await rolledThrough(this.dataSource, websiteIds, timezone), this.clock.now(), timezone];
    const sites = sitesCte(`date_trunc('month', k.today)::date`);
    const [views, sessions] = await Promise.all([
      this.figures<
        { websiteId: number; viewsToday: number; visitorsToday: number; viewsMonth: number; visitorsMonth: number }[]
      >(
        `WITH ${sites}, days AS (
           SELECT r."websiteId", s.today, r.day, sum(r.n)::int AS views,
                  count(*) FILTER (WHERE NOT ${seenBefore('website_pageviews')})::int AS visitors
             FROM (SELECT ${tailKeys('"occurredAt"')}, count(*) AS n
                     FROM ${tailRange('website_pageviews', '"occurredAt"')} GROUP BY 1, 2, 3, 4, 5) r
             JOIN sites s ON s."websiteId" = r."websiteId"
            GROUP BY 1, 2, 3
           UNION ALL
           SELECT s."websiteId", s.today, d.day, d."pageViews", d.visitors FROM ${partialRange('website_daily_stats')}
         )
         SELECT "websiteId",
                coalesce(sum(views) FILTER (WHERE day = today), 0)::int AS "viewsToday",
                coalesce(sum(visitors) FILTER (WHERE day = today), 0)::int AS "visitorsToday",
                sum(views)::int AS "viewsMonth", sum(visitors)::int AS "visitorsMonth"
           FROM days GROUP BY 1`,
        params,
      ),
      this.figures<{ websiteId: number; sessions: number; bounces: number; seconds: number }[]>(
        `WITH ${sites}, days AS (
           SELECT s."websiteId", count(*)::int AS sessions, count(*) FILTER (WHERE a."pageViews" = 1)::int AS bounces,
                  coalesce(sum(${SESSION_SECONDS}), 0)::float8 AS seconds
             FROM ${rawRange('website_sessions', '"startedAt"')} GROUP BY 1
           UNION ALL
           SELECT s."websiteId", d.sessions, d.bounces, d."sessionSeconds" FROM ${rolledRange('website_daily_stats')}
         )
         SELECT "websiteId", sum(sessions)::int AS sessions, sum(bounces)::int AS bounces, sum(seconds)::float8 AS seconds
           FROM days GROUP BY 1`,
        params,
      ),
    ]);
    for (const row of views) {
      const figures = result.get(row.websiteId);
      if (!figures) continue;
      figures.visitors = { today: row.visitorsToday, thisMonth: row.visitorsMonth };
      figures.pageViews = { today: row.viewsToday, thisMonth: row.viewsMonth };
    }
    for (const row of sessions) {
      const figures = result.get(row.websiteId);
      if (!figures || !row.sessions) continue;
      figures.bounceRate = Math.round((row.bounces * 1000) / row.sessions) / 10;
      figures.avgSessionDuration = Math.round(row.seconds / row.sessions);
    }
    return result;
  }

  async daily(websiteId: number, days: number, timezone: string): Promise<WebsiteAnalyticsDay[]> {
    const count = Math.max(1, Math.min(366, Math.floor(days)));
    return this.figures<WebsiteAnalyticsDay[]>(
      `WITH ${sitesCte('k.today - ($5::int - 1)')}, counted AS (
         SELECT day, sum(visitors)::int AS visitors, sum("pageViews")::int AS "pageViews"
           FROM (SELECT r.day, count(*) FILTER (WHERE NOT ${seenBefore('website_pageviews')}) AS visitors, sum(r.n) AS "pageViews"
                   FROM (SELECT ${tailKeys('"occurredAt"')}, count(*) AS n
                           FROM ${tailRange('website_pageviews', '"occurredAt"')} GROUP BY 1, 2, 3, 4, 5) r
                  GROUP BY 1
                 UNION ALL
                 SELECT d.day, d.visitors, d."pageViews" FROM ${partialRange('website_daily_stats')}) c
          GROUP BY 1
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(c.visitors, 0) AS visitors, coalesce(c."pageViews", 0) AS "pageViews"
         FROM sites s CROSS JOIN LATERAL generate_series(s."from", s.today, interval '1 day') AS g(at)
         CROSS JOIN LATERAL (SELECT g.at::date AS day) d
         LEFT JOIN counted c ON c.day = d.day
        ORDER BY d.day`,
      [[websiteId], await rolledThrough(this.dataSource, [websiteId], timezone), this.clock.now(), timezone, count],
    );
  }

  async uptime(websiteIds: number[]): Promise<Map<number, WebsiteUptimeSummary>> {
    const result = new Map<number, WebsiteUptimeSummary>(
      websiteIds.map((id) => [
        id,
        { uptime: null, since: null, isOnline: null, lastCheckedAt: null, responseTimeMs: null },
      ]),
    );
    if (!websiteIds.length) return result;
    const rows = await this.dataSource.query<
      {
        id: number;
        total: number;
        ok: number;
        first: Date | null;
        lastOk: boolean | null;
        lastCheckedAt: Date | null;
        responseMs: number | null;
      }[]
    >(
      `SELECT w.id, c.total, c.ok, c.first, l.ok AS "lastOk", l."checkedAt" AS "lastCheckedAt", l."responseMs"
         FROM unnest($1::int[]) AS w(id)
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS total, count(*) FILTER (WHERE ok)::int AS ok, min("checkedAt") AS first
             FROM website_uptime_checks WHERE "websiteId" = w.id AND "checkedAt" > $2::timestamptz - $3::int * interval '1 day'
         ) c
         LEFT JOIN LATERAL (
           SELECT ok, "checkedAt", "responseMs" FROM website_uptime_checks WHERE "websiteId" = w.id ORDER BY "checkedAt" DESC, id DESC LIMIT 1
         ) l ON true`,
      [websiteIds, this.clock.now(), WEBSITE_LIMITS.uptimeDays],
    );
    const windowStart = this.clock.now().getTime() - WEBSITE_LIMITS.uptimeDays * 86_400_000;
    for (const row of rows) {
      result.set(row.id, {
        uptime: row.total ? uptimePercent(row.ok, row.total) : null,
        since: uptimeSince(row.first, windowStart),
        isOnline: row.lastOk,
        lastCheckedAt: row.lastCheckedAt,
        responseTimeMs: row.lastOk ? row.responseMs : null,
      });
    }
    return result;
  }

  /**
   * Sessions on the user's sites that landed on an address tagged with the key's utm_campaign (and
   * utm_source, when given), all time; tags compared as stored (normalCampaignTag). The days a site
   * has rolled up are counted from website_daily_campaigns (in the timezone they were rolled up in),
   * the later ones from the sessions.
   */
  async campaignVisits(userId: number, keys: readonly CampaignKey[]): Promise<number[]> {
    if (!keys.length) return [];
    const campaigns = keys.map((key) => normalCampaignTag(key.campaign));
    const sources = keys.map((key) => normalCampaignTag(key.source));
    const rows = await this.dataSource.query<{ n: number; visits: number }[]>(
      `WITH sites AS (
         SELECT w.id AS "websiteId", r."rolledThrough" AS rolled,
                coalesce((r."rolledThrough" + 1)::timestamp AT TIME ZONE r.timezone, '-infinity'::timestamptz) AS "rawFrom"
           FROM websites w LEFT JOIN website_rollup_state r ON r."websiteId" = w.id
          WHERE w."userId" = $1
       )
       SELECT k.n::int AS n, (
                (SELECT count(*) FROM sites s JOIN website_sessions a ON a."websiteId" = s."websiteId" AND a."startedAt" >= s."rawFrom"
                  WHERE a."utmCampaign" = k.campaign AND (k.source IS NULL OR a."utmSource" = k.source))
              + (SELECT coalesce(sum(d.sessions), 0) FROM sites s JOIN website_daily_campaigns d ON d."websiteId" = s."websiteId" AND d.day <= s.rolled
                  WHERE d.campaign = k.campaign AND (k.source IS NULL OR d.source = k.source))
              )::int AS visits
         FROM unnest($2::varchar[], $3::varchar[]) WITH ORDINALITY AS k(campaign, source, n)`,
      [userId, campaigns, sources],
    );
    const visits = new Map(rows.map((row) => [row.n, row.visits]));
    return keys.map((_, index) => (campaigns[index] === null ? 0 : (visits.get(index + 1) ?? 0)));
  }

  /**
   * The Analytics tab's breakdown over the last `days` local days (today included): sources,
   * pages, campaigns (each the 10 with the most visitors) and the goals' conversions. Whole days
   * come from the roll-ups, the rest from the raw events; a visitor counts once a day. A page goal's
   * rolled-up days come from website_daily_goals; a day rolled up before the goal existed and no
   * longer held raw is estimated from the daily pages: each matching page's visitors, summed, at most
   * the day's visitors (a visitor who saw two matching pages that day counts twice, below that cap).
   */
  async breakdown(
    websiteId: number,
    period: AnalyticsPeriod,
    timezone: string,
    goals: readonly Pick<WebsiteGoal, 'id' | 'kind' | 'match'>[],
  ): Promise<AnalyticsBreakdown> {
    const days = period === '7d' ? 7 : 30;
    const params = [
      [websiteId],
      await rolledThrough(this.dataSource, [websiteId], timezone),
      this.clock.now(),
      timezone,
      days,
    ];
    const sites = sitesCte('k.today - ($5::int - 1)');
    // Whole days, and the days after them up to the intraday roll-up's instant, from the roll-ups;
    // the rest from the raw events, where a visitor the roll-up counted that day does not count again.
    const [range, total, sources, pages, campaigns, conversions] = await Promise.all([
      this.dataSource.query<{ from: string; to: string }[]>(
        `WITH ${sites} SELECT to_char("from", 'YYYY-MM-DD') AS "from", to_char(today, 'YYYY-MM-DD') AS "to" FROM sites`,
        params,
      ),
      this.figures<{ visitors: number }[]>(
        `WITH ${sites}
         SELECT ((SELECT count(*) FILTER (WHERE NOT ${seenBefore('website_pageviews')})
                    FROM (SELECT DISTINCT ${tailKeys('"occurredAt"')} FROM ${tailRange('website_pageviews', '"occurredAt"')}) r)
               + coalesce((SELECT sum(d.visitors) FROM ${partialRange('website_daily_stats')}), 0))::int AS visitors`,
        params,
      ),
      this.figures<{ source: string | null; visitors: number }[]>(
        `WITH ${sites}, days AS (
           SELECT source,
                  count(*) FILTER (WHERE NOT ${seenBefore('website_sessions', `coalesce(b."utmSource", b."referrerHost", '') = r.source`)}) AS visitors
             FROM (SELECT DISTINCT ${tailKeys('"startedAt"')}, coalesce(a."utmSource", a."referrerHost", '') AS source
                     FROM ${tailRange('website_sessions', '"startedAt"')}) r
            GROUP BY 1
           UNION ALL
           SELECT d.source, d.visitors FROM ${partialRange('website_daily_sources')}
         )
         SELECT nullif(source, '') AS source, sum(visitors)::int AS visitors FROM days
          GROUP BY source ORDER BY visitors DESC, nullif(source, '') NULLS FIRST LIMIT ${BREAKDOWN_ROWS}`,
        params,
      ),
      this.figures<{ path: string; visitors: number; views: number }[]>(
        `WITH ${sites}, days AS (
           SELECT pathname, count(*) FILTER (WHERE NOT ${seenBefore('website_pageviews', 'b.pathname = r.pathname')}) AS visitors,
                  sum(n) AS views
             FROM (SELECT ${tailKeys('"occurredAt"')}, a.pathname, count(*) AS n
                     FROM ${tailRange('website_pageviews', '"occurredAt"')} GROUP BY 1, 2, 3, 4, 5, 6) r
            GROUP BY 1
           UNION ALL
           SELECT d.pathname, d.visitors, d.views FROM ${partialRange('website_daily_pages')}
         )
         SELECT pathname AS path, sum(visitors)::int AS visitors, sum(views)::int AS views FROM days
          GROUP BY 1 ORDER BY visitors DESC, views DESC, path LIMIT ${BREAKDOWN_ROWS}`,
        params,
      ),
      this.figures<{ campaign: string; source: string | null; medium: string | null; visitors: number }[]>(
        `WITH ${sites}, days AS (
           SELECT campaign, source, medium,
                  count(*) FILTER (WHERE NOT ${seenBefore(
                    'website_sessions',
                    `b."utmCampaign" = r.campaign AND coalesce(b."utmSource", '') = r.source AND coalesce(b."utmMedium", '') = r.medium`,
                  )}) AS visitors
             FROM (SELECT DISTINCT ${tailKeys('"startedAt"')}, a."utmCampaign" AS campaign, coalesce(a."utmSource", '') AS source,
                          coalesce(a."utmMedium", '') AS medium
                     FROM ${tailRange('website_sessions', '"startedAt"')} WHERE a."utmCampaign" IS NOT NULL) r
            GROUP BY 1, 2, 3
           UNION ALL
           SELECT d.campaign, d.source, d.medium, d.visitors FROM ${partialRange('website_daily_campaigns')}
         )
         SELECT campaign, nullif(source, '') AS source, nullif(medium, '') AS medium, sum(visitors)::int AS visitors FROM days
          GROUP BY 1, 2, 3 ORDER BY visitors DESC, campaign, nullif(source, '') NULLS LAST, nullif(medium, '') NULLS LAST
          LIMIT ${BREAKDOWN_ROWS}`,
        params,
      ),
      goals.length
        ? this.figures<{ id: number; conversions: number }[]>(
            `WITH ${sites}
             SELECT g.id::int AS id, CASE
                      WHEN g.kind = 'page' THEN
                        (SELECT count(*) FILTER (WHERE NOT ${seenBefore('website_pageviews', pageGoalMatch('b.pathname'))})
                           FROM (SELECT DISTINCT ${tailKeys('"occurredAt"')} FROM ${tailRange('website_pageviews', '"occurredAt"')}
                                  WHERE ${pageGoalMatch('a.pathname')}) r)
                      + coalesce((SELECT sum(dg.conversions) FROM sites s JOIN website_daily_goals dg
                                     ON dg."goalId" = g.id AND dg.day >= s."from" AND dg.day <= s.partial), 0)
                      + coalesce((SELECT sum(least(p.n, t.visitors)) FROM ${rolledRange('website_daily_stats', 't')}
                                   CROSS JOIN LATERAL (SELECT coalesce(sum(d.visitors), 0) AS n FROM website_daily_pages d
                                                        WHERE d."websiteId" = t."websiteId" AND d.day = t.day AND ${pageGoalMatch('d.pathname')}) p
                                   WHERE NOT EXISTS (SELECT 1 FROM website_daily_goals dg WHERE dg."goalId" = g.id AND dg.day = t.day)), 0)
                      ELSE
                        (SELECT count(*) FILTER (WHERE NOT ${seenBefore('website_custom_events', 'b.name = g.match')})
                           FROM (SELECT DISTINCT ${tailKeys('"occurredAt"')} FROM ${tailRange('website_custom_events', '"occurredAt"')}
                                  WHERE a.name = g.match) r)
                      + coalesce((SELECT sum(d.visitors) FROM ${partialRange('website_daily_events')} WHERE d.name = g.match), 0)
                    END::int AS conversions
               FROM unnest($6::int[], $7::varchar[], $8::varchar[]) AS g(id, kind, match)`,
            [...params, goals.map((g) => g.id), goals.map((g) => g.kind), goals.map((g) => g.match)],
          )
        : Promise.resolve([]),
    ]);
    const visitors = total[0]?.visitors ?? 0;
    const converted = new Map(conversions.map((row) => [row.id, row.conversions]));
    return {
      period,
      from: range[0].from,
      to: range[0].to,
      visitors,
      sources,
      pages,
      campaigns,
      goals: goals.map((goal) => {
        const count = converted.get(goal.id) ?? 0;
        return {
          id: goal.id,
          kind: goal.kind,
          match: goal.match,
          conversions: count,
          conversionRate: conversionRate(count, visitors),
        };
      }),
    };
  }
}

/** Rows per list of the breakdown. */
export const BREAKDOWN_ROWS = 10;

/** Percent of the visitors who converted, one decimal; 0 without visitors. */
export function conversionRate(conversions: number, visitors: number): number {
  return visitors ? Math.min(100, Math.round((conversions * 1000) / visitors) / 10) : 0;
}
