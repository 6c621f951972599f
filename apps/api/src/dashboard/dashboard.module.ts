import { Module } from '@nestjs/common';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { DashboardClock } from './dashboard-clock';
import { DashboardController } from './dashboard.controller';
import { DashboardRegistry } from './dashboard.registry';
import { DashboardService } from './dashboard.service';

/** GET /api/dashboard and the registry the domain modules add their figures to (dashboard.registry.ts). */
@Module({
  imports: [FeatureTogglesModule],
  controllers: [DashboardController],
  providers: [DashboardRegistry, DashboardService, DashboardClock],
  exports: [DashboardRegistry],
})
export class DashboardModule {}
