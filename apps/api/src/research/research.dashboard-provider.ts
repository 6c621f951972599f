import { DASHBOARD_LIMITS, type ResearchDashboard } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import { entityRows, type EntityRows, poolQuery } from '../common/entity-rows';
import { DashboardPart, type DashboardProvider } from '../dashboard/dashboard-provider';
import { ResearchReportEntity } from './research-report.entity';
import { toResearchSummary } from './research-report.mapper';

/**
 * The research part of the dashboard, over the user's non-archived reports:
 * - reports: how many there are;
 * - pendingReview ('N pending review'): those not finished yet (pending or in progress);
 * - recent: the newest DASHBOARD_LIMITS.recentResearch of them.
 * Two queries over the (userId, createdAt) index.
 */
@DashboardPart({ module: 'research' })
@Injectable()
export class ResearchDashboardProvider implements DashboardProvider<ResearchDashboard> {
  /** The recent reports' statement, written once when first asked for (entity-rows.ts: find() rebuilt it on every call). */
  private recentReads?: { sql: string; rows: EntityRows<ResearchReportEntity> };

  constructor(@InjectRepository(ResearchReportEntity) private readonly reports: Repository<ResearchReportEntity>) {}

  async contribute(userId: number): Promise<ResearchDashboard> {
    const [counts, recent] = await Promise.all([
      poolQuery<{ total: number; unfinished: number }>(
        this.reports.manager.connection,
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status IN ('pending', 'in_progress'))::int AS unfinished
           FROM research_reports WHERE "userId" = $1 AND NOT "isArchived"`,
        [userId],
      ),
      this.recent(userId),
    ]);
    return { reports: counts[0].total, pendingReview: counts[0].unfinished, recent: recent.map(toResearchSummary) };
  }

  /**
   * The newest DASHBOARD_LIMITS.recentResearch non-archived reports, newest first: what
   * find({ where: { userId, isArchived: false }, order: { createdAt: 'DESC', id: 'DESC' }, take }) gave.
   */
  protected async recent(userId: number): Promise<ResearchReportEntity[]> {
    if (!this.recentReads) {
      const rows = entityRows(this.reports.manager.connection, ResearchReportEntity, 'r', 'ResearchReportEntity');
      this.recentReads = {
        sql: `SELECT ${rows.select} FROM "research_reports" r WHERE r."userId" = $1 AND r."isArchived" = false ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${DASHBOARD_LIMITS.recentResearch}`,
        rows,
      };
    }
    return this.recentReads.rows.find('aide-research-recent', this.recentReads.sql, [userId]);
  }
}
