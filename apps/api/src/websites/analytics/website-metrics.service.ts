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
import { uptimeSince } from './website-uptime.service';

/** SQL: the start of the local day containing $now shifted by `days`, or of its month (timestamptz). */
const localDay = (days: number | string) =>
  `((date_trunc('day', $2::timestamptz AT TIME ZONE $3::text) + (${days})::int * interval '1 day') AT TIME ZONE $3::text)`;
const localMonth = `(date_trunc('month', $2::timestamptz AT TIME ZONE $3::text) AT TIME ZONE $3::text)`;

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

  async traffic(websiteIds: number[], timezone: string): Promise<Map<number, WebsiteAnalytics>> {
    const result = new Map(websiteIds.map((id) => [id, zeros()]));
    if (!websiteIds.length) return result;
    const now = this.clock.now();
    const [views, sessions] = await Promise.all([
      this.dataSource.query<
        { websiteId: number; viewsToday: number; visitorsToday: number; viewsMonth: number; visitorsMonth: number }[]
      >(
        `SELECT "websiteId",
                count(*) FILTER (WHERE "occurredAt" >= ${localDay(0)})::int AS "viewsToday",
                count(DISTINCT "visitorHash") FILTER (WHERE "occurredAt" >= ${localDay(0)})::int AS "visitorsToday",
                count(*)::int AS "viewsMonth",
                count(DISTINCT "visitorHash")::int AS "visitorsMonth"
           FROM website_pageviews
          WHERE "websiteId" = ANY($1::int[]) AND "occurredAt" >= ${localMonth} AND "occurredAt" < ${localDay(1)}
          GROUP BY "websiteId"`,
        [websiteIds, now, timezone],
      ),
      this.dataSource.query<{ websiteId: number; sessions: number; bounces: number; avgSeconds: number | null }[]>(
        `SELECT "websiteId", count(*)::int AS sessions, count(*) FILTER (WHERE "pageViews" = 1)::int AS bounces,
                avg(greatest(extract(epoch FROM "lastSeenAt" - "startedAt"), "engagedMs" / 1000.0))::float8 AS "avgSeconds"
           FROM website_sessions
          WHERE "websiteId" = ANY($1::int[]) AND "startedAt" >= ${localMonth} AND "startedAt" < ${localDay(1)}
          GROUP BY "websiteId"`,
        [websiteIds, now, timezone],
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
      figures.avgSessionDuration = Math.round(row.avgSeconds ?? 0);
    }
    return result;
  }

  async daily(websiteId: number, days: number, timezone: string): Promise<WebsiteAnalyticsDay[]> {
    const count = Math.max(1, Math.min(366, Math.floor(days)));
    return this.dataSource.query<WebsiteAnalyticsDay[]>(
      `WITH days AS (
         SELECT (date_trunc('day', $2::timestamptz AT TIME ZONE $3::text) - n * interval '1 day')::date AS day
           FROM generate_series(0, $4::int - 1) AS n
       ), counted AS (
         SELECT ("occurredAt" AT TIME ZONE $3::text)::date AS day, count(DISTINCT "visitorHash")::int AS visitors, count(*)::int AS "pageViews"
           FROM website_pageviews
          WHERE "websiteId" = $1 AND "occurredAt" >= ${localDay('1 - $4::int')} AND "occurredAt" < ${localDay(1)}
          GROUP BY 1
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(c.visitors, 0) AS visitors, coalesce(c."pageViews", 0) AS "pageViews"
         FROM days d LEFT JOIN counted c ON c.day = d.day
        ORDER BY d.day`,
      [websiteId, this.clock.now(), timezone, count],
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
   * utm_source, when given), all time; tags compared as stored (normalCampaignTag).
   */
  async campaignVisits(userId: number, keys: readonly CampaignKey[]): Promise<number[]> {
    if (!keys.length) return [];
    const campaigns = keys.map((key) => normalCampaignTag(key.campaign));
    const sources = keys.map((key) => normalCampaignTag(key.source));
    const rows = await this.dataSource.query<{ n: number; visits: number }[]>(
      `SELECT k.n::int AS n, (
                SELECT count(*)::int FROM website_sessions s JOIN websites w ON w.id = s."websiteId"
                 WHERE w."userId" = $1 AND s."utmCampaign" = k.campaign AND (k.source IS NULL OR s."utmSource" = k.source)
              ) AS visits
         FROM unnest($2::varchar[], $3::varchar[]) WITH ORDINALITY AS k(campaign, source, n)`,
      [userId, campaigns, sources],
    );
    const visits = new Map(rows.map((row) => [row.n, row.visits]));
    return keys.map((_, index) => (campaigns[index] === null ? 0 : (visits.get(index + 1) ?? 0)));
  }

  /**
   * The Analytics tab's breakdown over the last `days` local days (today included): sources,
   * pages, campaigns (each the 10 with the most visitors) and the goals' conversions.
   */
  async breakdown(
    websiteId: number,
    period: AnalyticsPeriod,
    timezone: string,
    goals: readonly Pick<WebsiteGoal, 'id' | 'kind' | 'match'>[],
  ): Promise<AnalyticsBreakdown> {
    const days = period === '7d' ? 7 : 30;
    const now = this.clock.now();
    const params = [websiteId, now, timezone, days];
    const inPeriod = (column: string) =>
      `"websiteId" = $1 AND ${column} >= ${localDay('1 - $4::int')} AND ${column} < ${localDay(1)}`;
    const [range, total, sources, pages, campaigns, conversions] = await Promise.all([
      this.dataSource.query<{ from: string; to: string }[]>(
        `SELECT to_char((date_trunc('day', $2::timestamptz AT TIME ZONE $3::text) - ($4::int - 1) * interval '1 day')::date, 'YYYY-MM-DD') AS "from",
                to_char(($2::timestamptz AT TIME ZONE $3::text)::date, 'YYYY-MM-DD') AS "to", $1::int AS site`,
        params,
      ),
      this.dataSource.query<{ visitors: number }[]>(
        `SELECT count(DISTINCT "visitorHash")::int AS visitors FROM website_pageviews WHERE ${inPeriod('"occurredAt"')}`,
        params,
      ),
      this.dataSource.query<{ source: string | null; visitors: number }[]>(
        `SELECT coalesce("utmSource", "referrerHost") AS source, count(DISTINCT "visitorHash")::int AS visitors
           FROM website_sessions WHERE ${inPeriod('"startedAt"')}
          GROUP BY 1 ORDER BY visitors DESC, source NULLS FIRST LIMIT ${BREAKDOWN_ROWS}`,
        params,
      ),
      this.dataSource.query<{ path: string; visitors: number; views: number }[]>(
        `SELECT pathname AS path, count(DISTINCT "visitorHash")::int AS visitors, count(*)::int AS views
           FROM website_pageviews WHERE ${inPeriod('"occurredAt"')}
          GROUP BY 1 ORDER BY visitors DESC, views DESC, path LIMIT ${BREAKDOWN_ROWS}`,
        params,
      ),
      this.dataSource.query<{ campaign: string; source: string | null; medium: string | null; visitors: number }[]>(
        `SELECT "utmCampaign" AS campaign, "utmSource" AS source, "utmMedium" AS medium, count(DISTINCT "visitorHash")::int AS visitors
           FROM website_sessions WHERE ${inPeriod('"startedAt"')} AND "utmCampaign" IS NOT NULL
          GROUP BY 1, 2, 3 ORDER BY visitors DESC, campaign, source NULLS LAST, medium NULLS LAST LIMIT ${BREAKDOWN_ROWS}`,
        params,
      ),
      goals.length
        ? this.dataSource.query<{ id: number; conversions: number }[]>(
            `SELECT g.id::int AS id, CASE
                      WHEN g.kind = 'page' THEN (SELECT count(DISTINCT "visitorHash") FROM website_pageviews
                                                  WHERE ${inPeriod('"occurredAt"')}
                                                    AND (pathname = g.match OR (right(g.match, 1) = '*' AND left(pathname, length(g.match) - 1) = left(g.match, length(g.match) - 1))))
                      ELSE (SELECT count(DISTINCT "visitorHash") FROM website_custom_events WHERE ${inPeriod('"occurredAt"')} AND name = g.match)
                    END::int AS conversions
               FROM unnest($5::int[], $6::varchar[], $7::varchar[]) AS g(id, kind, match)`,
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
