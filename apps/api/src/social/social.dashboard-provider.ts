import type { SocialDashboard } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { DashboardPart, type DashboardProvider } from '../dashboard/dashboard-provider';
import { SocialStatsService } from './social-stats.service';

/**
 * The social part of the dashboard: performance per platform, the posts scheduled and the
 * real week-over-week growth (DECISIONS: not random; 0 when last week had nothing to compare with).
 * The stat cards' queries (social-stats.service.ts), a fixed number per user.
 */
@DashboardPart({ module: 'social' })
@Injectable()
export class SocialDashboardProvider implements DashboardProvider<SocialDashboard> {
  constructor(private readonly stats: SocialStatsService) {}

  async contribute(userId: number, now: Date): Promise<SocialDashboard> {
    const stats = await this.stats.stats(userId, now);
    const performance = Object.fromEntries(
      stats.map((platform) => [
        platform.platform,
        { scheduled: platform.scheduled, growthRate: platform.growth.percent ?? 0 },
      ]),
    ) as SocialDashboard['performance'];
    return { performance };
  }
}
