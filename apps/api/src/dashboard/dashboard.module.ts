import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { DashboardClock } from './dashboard-clock';
import { DashboardController } from './dashboard.controller';
import { DashboardRegistry } from './dashboard.registry';
import { DashboardService } from './dashboard.service';

/**
 * GET /api/dashboard. The domain modules' parts are the providers marked @DashboardPart
 * (dashboard-provider.ts), found at start: a domain module does not import this one.
 */
@Module({
  imports: [FeatureTogglesModule, DiscoveryModule],
  controllers: [DashboardController],
  providers: [DashboardRegistry, DashboardService, DashboardClock],
})
export class DashboardModule {}
