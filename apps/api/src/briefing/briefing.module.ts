import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AccountModule } from '../account/account.module';
import { AiModule } from '../ai/ai.module';
import { BriefingClock } from './briefing-clock';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { BriefingSweep } from './briefing-sweep';
import { BriefingController } from './briefing.controller';
import { BriefingRegistry } from './briefing.registry';
import { BriefingService } from './briefing.service';

/**
 * GET /api/briefing and the morning briefing. The domain modules' lines are the providers marked
 * @BriefingSource (briefing-source.ts), found at start: a domain module does not import this one.
 */
@Module({
  imports: [FeatureTogglesModule, DiscoveryModule, AiModule, NotificationsModule, AccountModule],
  controllers: [BriefingController],
  providers: [BriefingRegistry, BriefingService, BriefingSweep, BriefingClock],
  exports: [BriefingService, BriefingSweep],
})
export class BriefingModule {}
