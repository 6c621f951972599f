import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env.schema';
import { returnedRows } from '../database/returned-rows.util';
import type { JobContext } from '../jobs/job-definition';
import { moduleOpenSql } from '../feature-toggles/feature-toggles.service';
import { JobsService } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import { SiteFetcher } from './fetch/site-fetcher';
import { securityChecks } from './security/security-checks';
import { auditSite, fetchHomePage } from './seo/seo-audit';
import {
  type ClaimedSite,
  WEBSITE_ENTITY,
  WEBSITE_INVALIDATES,
  WebsiteJobFailure,
  type WebsiteJobKind,
  WebsiteJobState,
} from './website-job-state';

export const SEO_AUDIT_JOB = 'website.seo-audit';
export const SECURITY_CHECK_JOB = 'website.security-check';
export const SEO_AUDIT_DUE_JOB = 'website.seo-audit-due';
/** The scheduled re-audit skips a site audited more recently than this. */
const REAUDIT_AFTER_HOURS = 20;

interface SitePayload {
  websiteId: number;
}

/** A site whose address changed while it was being checked: the results are for the old one. */
class AddressChanged extends Error {}

/**
 * The SEO audit ('website.seo-audit', seo/seo-audit.ts: the home page and the sitemap's pages) and
 * the security check ('website.security-check', security/security-checks.ts: the home page), one queued or
 * running per site each. Their results are written only while the row is still running for the
 * address that was checked; a site whose address changed meanwhile is checked again at its new
 * address. A site that cannot be reached ends `failed` with the reason and a notification.
 * Active sites are audited again daily (WEBSITE_AUDIT_CRON).
 */
@Injectable()
export class WebsiteChecksService implements OnModuleInit, OnApplicationBootstrap {
  readonly seo: WebsiteJobState;
  readonly security: WebsiteJobState;

  constructor(
    private readonly jobs: JobsService,
    private readonly fetcher: SiteFetcher,
    private readonly notifications: NotificationsService,
    private readonly config: ConfigService<Env, true>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.seo = new WebsiteJobState(dataSource, 'seo', 'The SEO audit could not be completed');
    this.security = new WebsiteJobState(dataSource, 'security', 'The security check could not be completed');
  }

  onModuleInit(): void {
    const common = {
      policy: 'exclusive' as const,
      notifyOnSuccess: false,
      retryLimit: 1,
      retryDelaySeconds: 15,
      expireInSeconds: 300,
      invalidate: WEBSITE_INVALIDATES,
    };
    this.jobs.define<SitePayload>({
      module: 'website',
      ...common,
      name: SEO_AUDIT_JOB,
      title: 'SEO audit',
      owner: this.seo,
      handler: (payload, ctx) => this.runSeo(payload, ctx),
    });
    this.jobs.define<SitePayload>({
      module: 'website',
      ...common,
      name: SECURITY_CHECK_JOB,
      title: 'Security check',
      owner: this.security,
      handler: (payload, ctx) => this.runSecurity(payload, ctx),
    });
    this.jobs.define<Record<string, never>>({
      name: SEO_AUDIT_DUE_JOB,
      module: 'website',
      title: 'Daily SEO audits',
      notifyOnSuccess: false,
      retryLimit: 1,
      handler: async () => void (await this.queueDueAudits()),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(SEO_AUDIT_DUE_JOB, this.config.get('WEBSITE_AUDIT_CRON', { infer: true }), {});
  }

  /** Queues the work for a site already marked pending (WebsiteJobState.request). */
  async queue(kind: Extract<WebsiteJobKind, 'seo' | 'security'>, userId: number, websiteId: number): Promise<void> {
    const name = kind === 'seo' ? SEO_AUDIT_JOB : SECURITY_CHECK_JOB;
    await this.jobs.enqueue<SitePayload>(
      name,
      { websiteId },
      { userId, entity: { type: WEBSITE_ENTITY, id: websiteId }, singletonKey: `${name}:${websiteId}` },
    );
  }

  /** Active sites not audited in the last REAUDIT_AFTER_HOURS and not being audited: marked pending and queued. */
  async queueDueAudits(): Promise<number> {
    const rows = returnedRows<{ id: number; userId: number }>(
      await this.dataSource.query(
        `UPDATE websites SET "seoStatus" = 'pending', "seoError" = NULL
          WHERE "isActive" AND "seoStatus" NOT IN ('pending', 'running') AND ${moduleOpenSql('website', 'websites."userId"')}
            AND ("seoCheckedAt" IS NULL OR "seoCheckedAt" < now() - make_interval(hours => $1))
          RETURNING id, "userId"`,
        [REAUDIT_AFTER_HOURS],
      ),
    );
    for (const row of rows) await this.queue('seo', row.userId, row.id);
    return rows.length;
  }

  async runSeo({ websiteId }: SitePayload, ctx: JobContext): Promise<void> {
    await this.runChecked(this.seo, websiteId, ctx, async (site) => {
      const { score, checks, pages } = await auditSite(this.fetcher, site.url, ctx.signal);
      const saved = returnedRows(
        await this.dataSource.query(
          `UPDATE websites SET "seoStatus" = 'completed', "seoScore" = $3, "seoChecks" = $4::jsonb, "seoPages" = $5::jsonb, "seoCheckedAt" = now(), "seoError" = NULL, "updatedAt" = now()
            WHERE id = $1 AND url = $2 AND "seoStatus" = 'running' RETURNING id`,
          [site.id, site.url, score, JSON.stringify(checks), JSON.stringify(pages)],
        ),
      );
      if (!saved.length) await this.superseded(this.seo, site);
      ctx.log(`website ${site.id}: SEO score ${score} over ${pages.length} page${pages.length === 1 ? '' : 's'}`);
    });
  }

  async runSecurity({ websiteId }: SitePayload, ctx: JobContext): Promise<void> {
    await this.runChecked(this.security, websiteId, ctx, async (site) => {
      const { response, facts } = await fetchHomePage(this.fetcher, site.url, ctx.signal);
      const checks = securityChecks(response.url, response.headers, facts);
      const saved = returnedRows(
        await this.dataSource.query(
          `UPDATE websites SET "securityStatus" = 'completed', "securityChecks" = $3::jsonb, "securityCheckedAt" = now(), "securityError" = NULL, "updatedAt" = now()
            WHERE id = $1 AND url = $2 AND "securityStatus" = 'running' RETURNING id`,
          [site.id, site.url, JSON.stringify(checks)],
        ),
      );
      if (!saved.length) await this.superseded(this.security, site);
      ctx.log(
        `website ${site.id}: ${checks.filter((c) => c.passed).length} of ${checks.length} security checks passed`,
      );
    });
  }

  /** Claims the row and runs `work`, again while the address keeps changing under it (at most three times). */
  private async runChecked(
    state: WebsiteJobState,
    websiteId: number,
    ctx: JobContext,
    work: (site: ClaimedSite) => Promise<void>,
  ): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const site = await state.claim(websiteId);
      if (!site) return;
      try {
        await work(site);
        return;
      } catch (error) {
        if (error instanceof AddressChanged) continue;
        if (error instanceof WebsiteJobFailure) return this.failed(state, site, error.message);
        throw error;
      }
    }
  }

  /** The row was not written: gone or finished (nothing to do), or its address changed (check again). */
  private async superseded(state: WebsiteJobState, site: ClaimedSite): Promise<void> {
    const [row]: { url: string; status: string }[] = await this.dataSource.query(
      `SELECT url, "${state.kind}Status" AS status FROM websites WHERE id = $1`,
      [site.id],
    );
    if (row && row.status === 'running' && row.url !== site.url) throw new AddressChanged();
  }

  private async failed(state: WebsiteJobState, site: ClaimedSite, reason: string): Promise<void> {
    if (!(await state.fail(site.id, reason))) return;
    const what = state.kind === 'seo' ? 'SEO audit' : 'Security check';
    await this.notifications.notify(site.userId, {
      kind: 'system',
      module: 'website',
      title: `${what} failed: ${site.name}`.slice(0, 200),
      body: reason,
      link: '/website',
      sourceKey: `website:${site.id}:${state.kind}:${Date.now()}`,
    });
  }
}
