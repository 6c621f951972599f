import type { SocialPerformance } from '@aide/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DashboardContribution, DashboardProvider } from '../dashboard/dashboard-provider';
import { DashboardRegistry } from '../dashboard/dashboard.registry';
import { SocialStatsService } from './social-stats.service';

/**
 * The social part of the dashboard: socialPerformance per platform, the posts scheduled and the
 * real week-over-week growth (DECISIONS: not random; 0 when last week had nothing to compare with).
 * The stat cards' queries (social-stats.service.ts), a fixed number per user.
 */
@Injectable()
export class SocialDashboardProvider implements DashboardProvider, OnModuleInit {
  readonly moduleId = 'social';

  constructor(
    private readonly stats: SocialStatsService,
    private readonly registry: DashboardRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async contribute(userId: number, now: Date): Promise<DashboardContribution> {
    const stats = await this.stats.stats(userId, now);
    const socialPerformance = Object.fromEntries(
      stats.map((platform) => [
        platform.platform,
        { scheduled: platform.scheduled, growthRate: platform.growth.percent ?? 0 },
      ]),
    ) as SocialPerformance;
    return { socialPerformance };
  }
}
