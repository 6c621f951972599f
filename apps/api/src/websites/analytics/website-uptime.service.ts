import { WEBSITE_LIMITS, websitesEndpoints, dashboardEndpoints } from '@aide/contracts';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Env } from '../../config/env.schema';
import { moduleOpenSql } from '../../feature-toggles/feature-toggles.service';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { SiteFetcher } from '../fetch/site-fetcher';
import { AnalyticsClock } from './analytics-clock';
import { probe, type ProbeResult } from './uptime-probe';

export const WEBSITE_UPTIME_JOB = 'websites.uptime';
/** One site checked now: a site just added, moved to a new address, or switched back on. */
export const WEBSITE_UPTIME_SITE_JOB = 'websites.uptime-site';
/**
 * The checks run at most 60 minutes apart (WEBSITE_UPTIME_INTERVAL_MINUTES), so a record older than
 * the uptime window begins within this much of the window's start: its uptime covers the whole window.
 * A record beginning later covers only the time since its first check (the list's uptimeSince).
 */
export const UPTIME_COVERAGE_SLACK_MINUTES = 60;
/**
 * When the uptime's checks began, if the record is younger than the window: null when the first
 * check counted lies within UPTIME_COVERAGE_SLACK_MINUTES of the window's start (an older record,
 * whose earlier checks were deleted) or there is none.
 */
export function uptimeSince(first: Date | null, windowStart: number): Date | null {
  if (!first) return null;
  return first.getTime() - windowStart > UPTIME_COVERAGE_SLACK_MINUTES * 60_000 ? first : null;
}

/** Sites checked at the same time. */
const CONCURRENCY = 8;

export interface CheckedSite {
  id: number;
  userId: number;
  name: string;
  url: string;
}

/**
 * Uptime: every WEBSITE_UPTIME_INTERVAL_MINUTES (job 'websites.uptime', a pg-boss cron), each active
 * site is fetched (uptime-probe.ts) and the outcome stored in website_uptime_checks. A site going
 * down (its previous check up, or none) notifies its owner '<name> is down: <reason>'; coming
 * back, '<name> is back up'. Checks older than the uptime window (30 days), and visitor salts older
 * than yesterday, are deleted on each run.
 */
@Injectable()
export class WebsiteUptimeService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('WebsiteUptime');

  constructor(
    private readonly jobs: JobsService,
    private readonly notifications: NotificationsService,
    private readonly clock: AnalyticsClock,
    private readonly config: ConfigService<Env, true>,
    private readonly fetcher: SiteFetcher,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.define<object>({
      name: WEBSITE_UPTIME_JOB,
      module: 'website',
      title: 'Check websites are up',
      retryLimit: 0,
      expireInSeconds: 600,
      notifyOnSuccess: false,
      handler: async (_payload, ctx) => {
        const checked = await this.checkAll();
        ctx.log(`${checked} websites checked`);
      },
    });
    this.jobs.define<{ websiteId: number }>({
      name: WEBSITE_UPTIME_SITE_JOB,
      module: 'website',
      title: 'Check a website is up',
      retryLimit: 0,
      expireInSeconds: 120,
      notifyOnSuccess: false,
      invalidate: [websitesEndpoints.list.path, dashboardEndpoints.get.path],
      handler: async ({ websiteId }) => {
        const [site] = await this.dataSource.query<CheckedSite[]>(
          `SELECT id, "userId", name, url FROM websites WHERE id = $1 AND "isActive"`,
          [websiteId],
        );
        if (site) await this.check(site);
      },
    });
  }

  /** Forgets a site's checks (it moved: the old address's uptime says nothing about the new one). */
  async forget(websiteId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM website_uptime_checks WHERE "websiteId" = $1`, [websiteId]);
  }

  /** Checks one site soon (its figures then show within seconds, not at the next round). */
  async queueCheck(userId: number, websiteId: number): Promise<void> {
    await this.jobs.enqueue<{ websiteId: number }>(
      WEBSITE_UPTIME_SITE_JOB,
      { websiteId },
      { userId, singletonKey: `website-uptime:${websiteId}` },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    const minutes = this.config.get('WEBSITE_UPTIME_INTERVAL_MINUTES', { infer: true });
    if (minutes === 0) await this.jobs.unschedule(WEBSITE_UPTIME_JOB);
    else
      await this.jobs.schedule<object>(WEBSITE_UPTIME_JOB, minutes === 60 ? '0 * * * *' : `*/${minutes} * * * *`, {});
  }

  /** Checks every active site now (not those whose owner's website module is locked); answers how many. */
  async checkAll(): Promise<number> {
    const sites = await this.dataSource.query<CheckedSite[]>(
      `SELECT id, "userId", name, url FROM websites WHERE "isActive" AND ${moduleOpenSql('website', 'websites."userId"')} ORDER BY id`,
    );
    let next = 0;
    const worker = async () => {
      while (next < sites.length) {
        const site = sites[next++];
        await this.check(site).catch((error: unknown) =>
          this.logger.warn(`Uptime check of website ${site.id} not saved: ${String(error)}`),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sites.length) }, worker));
    await this.dataSource.query(
      `DELETE FROM website_uptime_checks WHERE "checkedAt" < $1::timestamptz - $2::int * interval '1 day'`,
      [this.clock.now(), WEBSITE_LIMITS.uptimeDays],
    );
    // Also the visitor salts past yesterday (UTC), on days without a tracking event to delete them.
    await this.dataSource.query(
      `DELETE FROM website_visitor_salts WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date - 1`,
      [this.clock.now()],
    );
    return sites.length;
  }

  /** One site's check: fetched, stored, its owner told when it went down or came back. */
  async check(site: CheckedSite): Promise<ProbeResult> {
    const result = await probe(this.fetcher, site.url);
    const [previous] = await this.dataSource.query<{ id: string; ok: boolean }[]>(
      `SELECT id, ok FROM website_uptime_checks WHERE "websiteId" = $1 ORDER BY "checkedAt" DESC, id DESC LIMIT 1`,
      [site.id],
    );
    await this.dataSource.query(
      `INSERT INTO website_uptime_checks ("websiteId", "checkedAt", ok, "statusCode", "responseMs", error) SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM websites WHERE id = $1)`,
      [site.id, this.clock.now(), result.ok, result.statusCode, result.responseMs, result.error?.slice(0, 500) ?? null],
    );
    // Keyed by the check it follows: two runs seeing the same change notify once.
    const after = previous?.id ?? 'none';
    if (!result.ok && previous?.ok !== false) {
      await this.notifications.notify(site.userId, {
        kind: 'system',
        module: 'website',
        title: `${site.name} is down: ${result.error ?? 'no answer'}`,
        body: `${site.url} did not answer the uptime check.`,
        link: '/website',
        sourceKey: `website:${site.id}:down:${after}`,
      });
    } else if (result.ok && previous?.ok === false) {
      await this.notifications.notify(site.userId, {
        kind: 'system',
        module: 'website',
        title: `${site.name} is back up`,
        body: `${site.url} answered HTTP ${result.statusCode} in ${result.responseMs} ms.`,
        link: '/website',
        sourceKey: `website:${site.id}:up:${after}`,
      });
    }
    return result;
  }
}
