import type { DashboardResponse } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolQuery } from '../common/entity-rows';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import { DashboardClock } from './dashboard-clock';
import type { DashboardModuleProviders } from './dashboard.registry';
import { DashboardRegistry } from './dashboard.registry';

/** Spec §5: the profile's timezone defaults to UTC (also for users who never saved a profile). */
const DEFAULT_TIMEZONE = 'UTC';

/** GET /api/dashboard: every available module's part for one user, in one answer. */
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
   * Asks the providers of the modules the user may use, all in parallel, each module's part under
   * its id. A module whose provider fails is logged and left out, so one broken module loses its
   * own cards (they show their error) instead of taking the whole dashboard down.
   */
  async forUser(user: ToggleSubject & { id: number }): Promise<DashboardResponse> {
    const now = this.clock.now();
    const modules = this.registry.all();
    const [available, timezone] = await Promise.all([
      this.toggles.availableModules(
        user,
        modules.map((entry) => entry.module),
      ),
      this.timezoneOf(user.id),
    ]);
    const parts = await Promise.all(
      modules
        .filter((entry) => available.has(entry.module))
        .map(async (entry) => [entry.module, await this.partOf(entry, user.id, now, timezone)] as const),
    );
    return { modules: Object.fromEntries(parts.filter(([, part]) => part !== undefined)) };
  }

  private async timezoneOf(userId: number): Promise<string> {
    const [row]: { timezone: string }[] = await poolQuery(
      this.dataSource,
      `SELECT timezone FROM profiles WHERE "userId" = $1`,
      [userId],
    );
    return row?.timezone ?? DEFAULT_TIMEZONE;
  }

  /** The module's providers' answers side by side (each fills its own keys); undefined when one fails. */
  private async partOf(
    { module, providers }: DashboardModuleProviders,
    userId: number,
    now: Date,
    timezone: string,
  ): Promise<object | undefined> {
    try {
      const answers = await Promise.all(providers.map((provider) => provider.contribute(userId, now, timezone)));
      return Object.assign({}, ...answers);
    } catch (error) {
      this.logger.error(
        `The ${module} dashboard provider failed`,
        error instanceof Error ? error.stack : String(error),
      );
      return undefined;
    }
  }
}
