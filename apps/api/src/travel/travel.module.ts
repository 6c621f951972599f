import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { TravelGenerationService } from './travel-generation.service';
import { TravelPlanEntity } from './travel-plan.entity';
import { TravelController } from './travel.controller';
import { TravelSearchProvider } from './travel.search-provider';
import { TravelService } from './travel.service';
import { TravelBriefingSource } from './travel.briefing-source';

/** Travel Planner: trips with an itinerary, budget and checklist written by a background job, and the user's expenses. */
@Module({
  imports: [
    TypeOrmModule.forFeature([TravelPlanEntity]),
    FeatureTogglesModule,
    JobsModule,
    AiModule,
    NotificationsModule,
  ],
  controllers: [TravelController],
  providers: [TravelBriefingSource, TravelService, TravelGenerationService, TravelSearchProvider],
  exports: [TravelService],
})
export class TravelModule {}
