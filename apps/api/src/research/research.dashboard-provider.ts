import { DASHBOARD_LIMITS } from '@aide/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { DashboardContribution, DashboardProvider } from '../dashboard/dashboard-provider';
import { DashboardRegistry } from '../dashboard/dashboard.registry';
import { ResearchReportEntity } from './research-report.entity';
import { toResearchSummary } from './research-report.mapper';

/**
 * The research part of the dashboard, over the user's non-archived reports:
 * - stats.researchReports: how many there are;
 * - statDetails.researchPendingReview ('N pending review'): those not finished yet (pending or in progress);
 * - recentResearch: the newest DASHBOARD_LIMITS.recentResearch of them.
 * Two queries over the (userId, createdAt) index.
 */
@Injectable()
export class ResearchDashboardProvider implements DashboardProvider, OnModuleInit {
  readonly moduleId = 'research';

  constructor(
    @InjectRepository(ResearchReportEntity) private readonly reports: Repository<ResearchReportEntity>,
    private readonly registry: DashboardRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async contribute(userId: number): Promise<DashboardContribution> {
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
    return {
      stats: { researchReports: counts[0].total },
      statDetails: { researchPendingReview: counts[0].unfinished },
      recentResearch: recent.map(toResearchSummary),
    };
  }
}
