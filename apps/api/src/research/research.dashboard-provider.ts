import { DASHBOARD_LIMITS, type ResearchDashboard } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
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
  constructor(@InjectRepository(ResearchReportEntity) private readonly reports: Repository<ResearchReportEntity>) {}

  async contribute(userId: number): Promise<ResearchDashboard> {
    const [counts, recent] = await Promise.all([
      this.reports.manager.query<{ total: number; unfinished: number }[]>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status IN ('pending', 'in_progress'))::int AS unfinished
           FROM research_reports WHERE "userId" = $1 AND NOT "isArchived"`,
        [userId],
      ),
      this.reports.find({
        where: { userId, isArchived: false },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: DASHBOARD_LIMITS.recentResearch,
      }),
    ]);
    return { reports: counts[0].total, pendingReview: counts[0].unfinished, recent: recent.map(toResearchSummary) };
  }
}
