import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Env } from '../../config/env.schema';
import { JobsService } from '../../jobs/jobs.service';
import { AnalyticsClock } from './analytics-clock';
import { COLLECT_FLUSH_LOCK } from './website-collector.service';
import {
  dropMonthPartition,
  EVENT_PARTITION_SCHEMA,
  ensureMonthPartition,
  MONTHS_AHEAD,
  monthPartitions,
  PARTITIONED_EVENT_TABLES,
  partitionOf,
} from './event-partitions';

export const WEBSITE_ANALYTICS_MAINTENANCE_JOB = 'websites.analytics-maintenance';
/**
 * A local day is rolled up once it ended this long ago: an event is stored at its arrival time,
 * but the collector holds events in memory while the database is slow or down and writes them
 * later, and a session started late in the day goes on after midnight.
 */
export const ROLLUP_GRACE_MINUTES = 120;
/**
 * The intraday roll-up counts the days after the last rolled-up one up to this long before its run:
 * the collector writes what it accepted every COLLECT_FLUSH_MS (and waits while a roll-up holds its
 * lock), so a write is normally far younger than this. An event older than the roll-up's instant,
 * written after it (the database was down for longer), voids it (WebsiteCollectorService.write)
 * until the next run.
 */
export const PARTIAL_ROLLUP_LAG_SECONDS = 60;
/** Days rolled up in one transaction (a site's first roll-up may cover months). */
const DAYS_PER_TRANSACTION = 31;
/** Spec §5 (profile): UTC without a profile timezone, or with one the runtime does not know. */
const DEFAULT_TIMEZONE = 'UTC';

export interface MaintenanceOutcome {
  partitionsCreated: number;
  daysRolledUp: number;
  partitionsDropped: number;
  /** Raw rows deleted one by one: sessions, and events in the DEFAULT partitions. */
  rowsDeleted: number;
}

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The zone a site's figures are counted in: its owner's, or UTC when unset or unknown. */
export function usableTimezone(zone: string | null): string {
  if (!zone) return DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** SQL: the first instant of local day $day in zone $zone (both parameters). */
const dayStart = (day: string, zone: string) => `(${day}::date::timestamp AT TIME ZONE ${zone}::text)`;

/**
 * Analytics at volume (issue 28). A job every ANALYTICS_ROLLUP_INTERVAL_MINUTES ('websites.analytics-maintenance',
 * a pg-boss cron, so one run per interval across workers):
 * 1. makes the tracking event tables' month partitions for this month and the next MONTHS_AHEAD
 *    (event-partitions.ts), so no write lands in the DEFAULT partition, and for any month the
 *    DEFAULT partition holds rows of (moved out of it);
 * 2. rolls up, per website, every local day (in its owner's timezone) that ended more than
 *    ROLLUP_GRACE_MINUTES ago into the website_daily_* tables, and records how far in
 *    website_rollup_state (a timezone change rebuilds the days the raw events still hold); a page
 *    goal added later gets the rolled-up days' conversions from the raw events still held;
 * 3. with ANALYTICS_RETENTION_DAYS set (not 0), drops the month partitions that ended that long ago,
 *    once every site's roll-ups cover them, and deletes the sessions (and DEFAULT-partition events)
 *    as old, so only the roll-ups keep those days.
 */
@Injectable()
export class WebsiteRollupsService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('WebsiteRollups');

  constructor(
    private readonly jobs: JobsService,
    private readonly clock: AnalyticsClock,
    private readonly config: ConfigService<Env, true>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.define<object>({
      name: WEBSITE_ANALYTICS_MAINTENANCE_JOB,
      module: 'website',
      title: 'Roll up website analytics',
      retryLimit: 0,
      expireInSeconds: 3_600,
      notifyOnSuccess: false,
      handler: async (_payload, ctx) => {
        const outcome = await this.maintain();
        ctx.log(
          `${outcome.partitionsCreated} partitions made, ${outcome.daysRolledUp} site-days rolled up, ` +
            `${outcome.partitionsDropped} partitions dropped, ${outcome.rowsDeleted} raw rows deleted`,
        );
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const minutes = this.config.get('ANALYTICS_ROLLUP_INTERVAL_MINUTES', { infer: true });
    if (minutes === 0) await this.jobs.unschedule(WEBSITE_ANALYTICS_MAINTENANCE_JOB);
    else
      await this.jobs.schedule<object>(
        WEBSITE_ANALYTICS_MAINTENANCE_JOB,
        minutes === 60 ? '0 * * * *' : `*/${minutes} * * * *`,
        {},
      );
  }

  /** The job's three steps, in order. */
  async maintain(): Promise<MaintenanceOutcome> {
    const partitionsCreated = await this.ensurePartitions();
    const daysRolledUp = await this.rollUpAll();
    const { partitionsDropped, rowsDeleted } = await this.applyRetention();
    return { partitionsCreated, daysRolledUp, partitionsDropped, rowsDeleted };
  }

  /**
   * This month's and the next MONTHS_AHEAD months' partitions of every event table, and one for each
   * month the DEFAULT partition holds rows of (written while the job did not run, or restored from a
   * backup into a new database), so they move out of it; answers how many were made.
   */
  async ensurePartitions(): Promise<number> {
    const now = this.clock.now();
    let made = 0;
    for (const table of PARTITIONED_EVENT_TABLES) {
      const stray = await this.dataSource.query<{ month: Date }[]>(
        `SELECT DISTINCT date_trunc('month', "occurredAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month
           FROM "${EVENT_PARTITION_SCHEMA}"."${table}_default"`,
      );
      const months = [
        ...Array.from({ length: MONTHS_AHEAD + 1 }, (_, offset) => partitionOf(table, now, offset)),
        ...stray.map(({ month }) => partitionOf(table, month)),
      ];
      for (const partition of months) if (await ensureMonthPartition(this.dataSource, table, partition)) made += 1;
    }
    return made;
  }

  /** Every website's ended days, and its days since up to an instant; answers the site-days rolled up. */
  async rollUpAll(): Promise<number> {
    const sites = await this.dataSource.query<{ id: number; timezone: string | null }[]>(
      `SELECT w.id, p.timezone FROM websites w LEFT JOIN profiles p ON p."userId" = w."userId" ORDER BY w.id`,
    );
    let days = 0;
    for (const site of sites) {
      try {
        days += await this.rollUp(site.id, usableTimezone(site.timezone));
        await this.rollUpPartial(site.id, usableTimezone(site.timezone));
      } catch (error) {
        this.logger.warn(`Rolling up website ${site.id} failed (tried again next run): ${String(error)}`);
      }
    }
    return days;
  }

  /**
   * One site's local days in `timezone` from the day after its last rolled-up one through the last
   * day that ended ROLLUP_GRACE_MINUTES ago. The first time (or after a timezone change) it starts
   * at the first day the raw events hold. Answers the days rolled up.
   */
  async rollUp(websiteId: number, timezone: string): Promise<number> {
    const now = this.clock.now();
    const [{ last }] = await this.dataSource.query<{ last: string }[]>(
      `SELECT to_char((($1::timestamptz - $2::int * interval '1 minute') AT TIME ZONE $3::text)::date - 1, 'YYYY-MM-DD') AS last`,
      [now, ROLLUP_GRACE_MINUTES, timezone],
    );
    let rolled = await this.dataSource.transaction(async (manager) => {
      await this.lock(manager, websiteId);
      const [state] = await manager.query<{ timezone: string; rolled: string }[]>(
        `SELECT timezone, to_char("rolledThrough", 'YYYY-MM-DD') AS rolled FROM website_rollup_state WHERE "websiteId" = $1`,
        [websiteId],
      );
      if (state?.timezone === timezone) return state.rolled;
      // First roll-up: from the first day any raw event holds. Timezone change: from the first day
      // both page views and sessions still hold (older days keep their roll-ups, in the old zone's days).
      const [{ first }] = await manager.query<{ first: string | null }[]>(
        `SELECT to_char((${state ? 'greatest' : 'least'}(
                  (SELECT min("occurredAt") FROM website_pageviews WHERE "websiteId" = $1),
                  (SELECT min("startedAt") FROM website_sessions WHERE "websiteId" = $1)
                ) AT TIME ZONE $2::text)::date, 'YYYY-MM-DD') AS first`,
        [websiteId, timezone],
      );
      const from = first ?? addDays(last, 1);
      if (state) await this.deleteRollups(manager, websiteId, from, '9999-12-31');
      const through = addDays(from < addDays(last, 1) ? from : addDays(last, 1), -1);
      await manager.query(
        `INSERT INTO website_rollup_state ("websiteId", timezone, "rolledThrough") VALUES ($1, $2, $3)
         ON CONFLICT ("websiteId") DO UPDATE SET timezone = excluded.timezone, "rolledThrough" = excluded."rolledThrough",
                                                 "partialThrough" = NULL, "updatedAt" = now()`,
        [websiteId, timezone, through],
      );
      return through;
    });
    let days = 0;
    while (rolled < last) {
      const from = addDays(rolled, 1);
      const through = [addDays(rolled, DAYS_PER_TRANSACTION), last].sort()[0];
      await this.dataSource.transaction(async (manager) => {
        await this.lock(manager, websiteId);
        await this.rollUpDays(manager, websiteId, timezone, from, through);
        await manager.query(
          `UPDATE website_rollup_state SET "rolledThrough" = $2, "updatedAt" = now() WHERE "websiteId" = $1 AND timezone = $3`,
          [websiteId, through, timezone],
        );
      });
      days += Math.round((Date.parse(through) - Date.parse(from)) / 86_400_000) + 1;
      rolled = through;
    }
    await this.backfillPageGoals(websiteId, timezone, rolled);
    return days;
  }

  /**
   * The intraday roll-up: the site's local days after its last rolled-up one (today, and yesterday
   * until it is rolled up) counted into the roll-up tables up to PARTIAL_ROLLUP_LAG_SECONDS ago,
   * each run again from the first of those days (so their distinct visitors are exact), and that
   * instant recorded as "partialThrough". The readers (rollup-sql.ts sitesCte) take those days from
   * the roll-ups before it and from the raw events after it, counting a visitor after it only when
   * not seen before it that day. Holds the collector's lock meanwhile, so no write lands between
   * the counting and the recording; a write older than the instant after that voids it (the
   * collector sets "partialThrough" to NULL). Answers the instant, or null when nothing was counted
   * (no roll-up state in `timezone` yet).
   */
  async rollUpPartial(websiteId: number, timezone: string): Promise<Date | null> {
    const until = new Date(this.clock.now().getTime() - PARTIAL_ROLLUP_LAG_SECONDS * 1000);
    return this.dataSource.transaction(async (manager) => {
      await this.lock(manager, websiteId);
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [COLLECT_FLUSH_LOCK]);
      const [state] = await manager.query<{ from: string; start: Date }[]>(
        `SELECT to_char("rolledThrough" + 1, 'YYYY-MM-DD') AS "from", ("rolledThrough" + 1)::timestamp AT TIME ZONE timezone AS start
           FROM website_rollup_state WHERE "websiteId" = $1 AND timezone = $2`,
        [websiteId, timezone],
      );
      if (!state) return null;
      const { from } = state;
      await this.deleteRollups(manager, websiteId, from, '9999-12-31');
      if (state.start.getTime() >= until.getTime()) {
        await manager.query(`UPDATE website_rollup_state SET "partialThrough" = NULL WHERE "websiteId" = $1`, [
          websiteId,
        ]);
        return null;
      }
      const [{ through }] = await manager.query<{ through: string }[]>(
        `SELECT to_char(($1::timestamptz AT TIME ZONE $2::text)::date, 'YYYY-MM-DD') AS through`,
        [until, timezone],
      );
      await this.rollUpDays(manager, websiteId, timezone, from, through, until);
      // A page goal made since the goals' statement above has no rows for these days: none recorded
      // then (WebsiteGoalsService.create also voids it, when it commits after this).
      const [, affected] = await manager.query<[unknown, number]>(
        `UPDATE website_rollup_state SET "partialThrough" = $2 WHERE "websiteId" = $1
            AND NOT EXISTS (SELECT 1 FROM website_goals g WHERE g."websiteId" = $1 AND g.kind = 'page'
                               AND NOT EXISTS (SELECT 1 FROM website_daily_goals dg WHERE dg."goalId" = g.id AND dg.day = $3))`,
        [websiteId, until, through],
      );
      if (!affected) {
        await manager.query(`UPDATE website_rollup_state SET "partialThrough" = NULL WHERE "websiteId" = $1`, [
          websiteId,
        ]);
        return null;
      }
      return until;
    });
  }

  /** One roll-up of a site at a time (two job runs, or a run and a test). */
  private async lock(manager: EntityManager, websiteId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('aide.website-rollups'), $1)`, [websiteId]);
  }

  private async deleteRollups(manager: EntityManager, websiteId: number, from: string, through: string) {
    await manager.query(
      `DELETE FROM website_daily_goals dg USING website_goals g
        WHERE g.id = dg."goalId" AND g."websiteId" = $1 AND dg.day >= $2 AND dg.day <= $3`,
      [websiteId, from, through],
    );
    for (const table of [
      'website_daily_stats',
      'website_daily_pages',
      'website_daily_sources',
      'website_daily_campaigns',
      'website_daily_events',
    ])
      await manager.query(`DELETE FROM ${table} WHERE "websiteId" = $1 AND day >= $2 AND day <= $3`, [
        websiteId,
        from,
        through,
      ]);
  }

  /**
   * Local days from..through of one site into the roll-up tables (replacing what they held for them);
   * with `until`, only the events before that instant.
   */
  private async rollUpDays(
    manager: EntityManager,
    websiteId: number,
    timezone: string,
    from: string,
    through: string,
    until: Date | null = null,
  ): Promise<void> {
    await this.deleteRollups(manager, websiteId, from, through);
    const params = [websiteId, timezone, from, addDays(through, 1), until];
    // least() ignores a NULL $5.
    const range = (column: string) =>
      `"websiteId" = $1 AND ${column} >= ${dayStart('$3', '$2')} AND ${column} < least(${dayStart('$4', '$2')}, $5::timestamptz)`;
    const day = (column: string) => `(${column} AT TIME ZONE $2::text)::date`;
    await manager.query(
      `INSERT INTO website_daily_stats ("websiteId", day, "pageViews", visitors, sessions, bounces, "sessionSeconds")
       SELECT $1, day, coalesce(v.views, 0), coalesce(v.visitors, 0), coalesce(s.sessions, 0), coalesce(s.bounces, 0), coalesce(s.seconds, 0)
         FROM (SELECT ${day('"occurredAt"')} AS day, count(*)::int AS views, count(DISTINCT "visitorHash")::int AS visitors
                 FROM website_pageviews WHERE ${range('"occurredAt"')} GROUP BY 1) v
         FULL JOIN (SELECT ${day('"startedAt"')} AS day, count(*)::int AS sessions, count(*) FILTER (WHERE "pageViews" = 1)::int AS bounces,
                           sum(greatest(extract(epoch FROM "lastSeenAt" - "startedAt"), "engagedMs" / 1000.0))::float8 AS seconds
                      FROM website_sessions WHERE ${range('"startedAt"')} GROUP BY 1) s USING (day)`,
      params,
    );
    await manager.query(
      `INSERT INTO website_daily_pages ("websiteId", day, pathname, views, visitors)
       SELECT $1, ${day('"occurredAt"')}, pathname, count(*)::int, count(DISTINCT "visitorHash")::int
         FROM website_pageviews WHERE ${range('"occurredAt"')} GROUP BY 2, 3`,
      params,
    );
    await manager.query(
      `INSERT INTO website_daily_sources ("websiteId", day, source, visitors)
       SELECT $1, ${day('"startedAt"')}, coalesce("utmSource", "referrerHost", ''), count(DISTINCT "visitorHash")::int
         FROM website_sessions WHERE ${range('"startedAt"')} GROUP BY 2, 3`,
      params,
    );
    await manager.query(
      `INSERT INTO website_daily_campaigns ("websiteId", day, campaign, source, medium, visitors, sessions)
       SELECT $1, ${day('"startedAt"')}, "utmCampaign", coalesce("utmSource", ''), coalesce("utmMedium", ''),
              count(DISTINCT "visitorHash")::int, count(*)::int
         FROM website_sessions WHERE ${range('"startedAt"')} AND "utmCampaign" IS NOT NULL GROUP BY 2, 3, 4, 5`,
      params,
    );
    await this.rollUpPageGoals(manager, websiteId, timezone, from, through, null, until);
    await manager.query(
      `INSERT INTO website_daily_events ("websiteId", day, name, visitors, events)
       SELECT $1, ${day('"occurredAt"')}, name, count(DISTINCT "visitorHash")::int, count(*)::int
         FROM website_custom_events WHERE ${range('"occurredAt"')} GROUP BY 2, 3`,
      params,
    );
  }

  /**
   * The site's page goals' conversions (distinct visitors who viewed a matching page) on each local
   * day from..through, zeros included (a goal with rows is known to be rolled up); only the goals
   * `goalIds` when given.
   */
  private async rollUpPageGoals(
    manager: EntityManager,
    websiteId: number,
    timezone: string,
    from: string,
    through: string,
    goalIds: number[] | null,
    until: Date | null = null,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO website_daily_goals ("goalId", day, conversions)
       SELECT g.id, d.day, coalesce(c.n, 0)
         FROM website_goals g
        CROSS JOIN LATERAL (SELECT at::date AS day FROM generate_series($3::date, $4::date, interval '1 day') AS at) d
         LEFT JOIN LATERAL (
           SELECT count(DISTINCT p."visitorHash")::int AS n FROM website_pageviews p
            WHERE p."websiteId" = $1 AND p."occurredAt" >= ${dayStart('d.day', '$2')}
              AND p."occurredAt" < least(${dayStart('(d.day + 1)', '$2')}, $6::timestamptz)
              AND (p.pathname = g.match OR (right(g.match, 1) = '*' AND left(p.pathname, length(g.match) - 1) = left(g.match, length(g.match) - 1)))
         ) c ON true
        WHERE g."websiteId" = $1 AND g.kind = 'page' AND ($5::int[] IS NULL OR g.id = ANY($5::int[]))
       ON CONFLICT ("goalId", day) DO UPDATE SET conversions = excluded.conversions`,
      [websiteId, timezone, from, through, goalIds, until],
    );
  }

  /**
   * Page goals added since their site's days were rolled up (no rows through `through`: the intraday
   * roll-up's rows of later days do not count) get those days' conversions from the
   * raw page views that are still held (from the first local day they hold); older days keep the
   * estimate from the daily pages (WebsiteMetricsService.breakdown). Answers the goals filled in.
   */
  private async backfillPageGoals(websiteId: number, timezone: string, through: string): Promise<number> {
    const goals = await this.dataSource.query<{ id: number }[]>(
      `SELECT g.id FROM website_goals g
        WHERE g."websiteId" = $1 AND g.kind = 'page'
          AND NOT EXISTS (SELECT 1 FROM website_daily_goals dg WHERE dg."goalId" = g.id AND dg.day <= $2)`,
      [websiteId, through],
    );
    if (!goals.length) return 0;
    const [{ first }] = await this.dataSource.query<{ first: string | null }[]>(
      `SELECT to_char((min("occurredAt") AT TIME ZONE $2::text)::date, 'YYYY-MM-DD') AS first FROM website_pageviews WHERE "websiteId" = $1`,
      [websiteId, timezone],
    );
    if (first === null || first > through) return 0;
    await this.dataSource.transaction(async (manager) => {
      await this.lock(manager, websiteId);
      await this.rollUpPageGoals(
        manager,
        websiteId,
        timezone,
        first,
        through,
        goals.map((goal) => goal.id),
      );
    });
    return goals.length;
  }

  /**
   * Raw events older than ANALYTICS_RETENTION_DAYS (none when 0): whole month partitions that ended
   * before the cutoff, once every site with rows in them has rolled up past their end; then, row by
   * row, the sessions started before the cutoff and the DEFAULT partitions' events before it, each
   * only where its site's roll-ups cover it.
   */
  async applyRetention(): Promise<{ partitionsDropped: number; rowsDeleted: number }> {
    const days = this.config.get('ANALYTICS_RETENTION_DAYS', { infer: true });
    if (!days) return { partitionsDropped: 0, rowsDeleted: 0 };
    const cutoff = new Date(this.clock.now().getTime() - days * 86_400_000);
    let partitionsDropped = 0;
    for (const table of PARTITIONED_EVENT_TABLES) {
      for (const partition of await monthPartitions(this.dataSource, table)) {
        if (partition.to.getTime() > cutoff.getTime()) continue;
        const [uncovered] = await this.dataSource.query<{ id: number }[]>(
          `SELECT w.id FROM websites w LEFT JOIN website_rollup_state r ON r."websiteId" = w.id
            WHERE (r."websiteId" IS NULL OR ${dayStart('(r."rolledThrough" + 1)', 'r.timezone')} < $1)
              AND EXISTS (SELECT 1 FROM "${EVENT_PARTITION_SCHEMA}"."${partition.name}" e WHERE e."websiteId" = w.id)
            LIMIT 1`,
          [partition.to],
        );
        if (uncovered) {
          this.logger.warn(`${partition.name} is kept: website ${uncovered.id} has not been rolled up past it yet`);
          continue;
        }
        await dropMonthPartition(this.dataSource, partition);
        partitionsDropped += 1;
      }
    }
    // Rolled up and past the cutoff: the sessions, and events written to a DEFAULT partition.
    const covered = (column: string) =>
      `a."websiteId" = r."websiteId" AND a.${column} < $1 AND a.${column} < ${dayStart('(r."rolledThrough" + 1)', 'r.timezone')}`;
    let rowsDeleted = 0;
    for (const [table, column] of [
      ['website_sessions', '"startedAt"'],
      ...PARTITIONED_EVENT_TABLES.map((name) => [`"${EVENT_PARTITION_SCHEMA}"."${name}_default"`, '"occurredAt"']),
    ]) {
      const [, affected] = await this.dataSource.query<[unknown, number]>(
        `DELETE FROM ${table} a USING website_rollup_state r WHERE ${covered(column)}`,
        [cutoff],
      );
      rowsDeleted += affected ?? 0;
    }
    return { partitionsDropped, rowsDeleted };
  }
}
