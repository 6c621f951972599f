import { WEBSITE_LIMITS, type WebsiteAnalytics, type WebsiteAnalyticsDay } from '@aide/contracts';
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

  // Issue 27, work in progress: the collector does not store campaign tags yet; the analytics
  // branch replaces this with the count over website_sessions.
  async campaignVisits(_userId: number, keys: readonly CampaignKey[]): Promise<number[]> {
    return keys.map(() => 0);
  }
}
