import type { DashboardData } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import { DashboardClock } from './dashboard-clock';
import { mergeDashboard } from './dashboard-merge';
import type { DashboardContribution, DashboardProvider } from './dashboard-provider';
import { DashboardRegistry } from './dashboard.registry';

/** Spec §5: the profile's timezone defaults to UTC (also for users who never saved a profile). */
const DEFAULT_TIMEZONE = 'UTC';

/** GET /api/dashboard: every available module's figures for one user, in one answer. */
@Injectable()
export class DashboardService {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly registry: DashboardRegistry,
    private readonly toggles: FeatureTogglesService,
    private readonly clock: DashboardClock,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Asks the providers of the modules the user may use, all in parallel, and merges their parts
   * over zeros (dashboard-merge.ts). A provider that fails is logged and left out, so one broken
   * module shows zeros instead of taking the whole dashboard down.
   */
  async forUser(user: ToggleSubject & { id: number }): Promise<DashboardData> {
    const now = this.clock.now();
    const providers = this.registry.all();
    const [available, timezone] = await Promise.all([
      this.toggles.availableModules(user, [...new Set(providers.map((p) => p.moduleId))]),
      this.timezoneOf(user.id),
    ]);
    const asked = providers.filter((provider) => available.has(provider.moduleId));
    return mergeDashboard(await Promise.all(asked.map((provider) => this.ask(provider, user.id, now, timezone))));
  }

  private async timezoneOf(userId: number): Promise<string> {
    const [row]: { timezone: string }[] = await this.dataSource.query(
      `SELECT timezone FROM profiles WHERE "userId" = $1`,
      [userId],
    );
    return row?.timezone ?? DEFAULT_TIMEZONE;
  }

  private async ask(
    provider: DashboardProvider,
    userId: number,
    now: Date,
    timezone: string,
  ): Promise<DashboardContribution> {
    try {
      return await provider.contribute(userId, now, timezone);
    } catch (error) {
      this.logger.error(
        `The ${provider.moduleId} dashboard provider failed`,
        error instanceof Error ? error.stack : String(error),
      );
      return {};
    }
  }
}
