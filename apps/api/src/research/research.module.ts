import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { LocalSourcesService } from './pipeline/local-sources.service';
import { PageReader } from './pipeline/page-reader/page-reader';
import { ResearchPipelineService } from './pipeline/research-pipeline.service';
import { webSearchProvider } from './pipeline/web-search/web-search.provider';
import { ResearchReportEntity } from './research-report.entity';
import { ResearchController } from './research.controller';
import { ResearchDashboardProvider } from './research.dashboard-provider';
import { ResearchSearchProvider } from './research.search-provider';
import { ResearchService } from './research.service';
import { OutboundModule } from '../outbound/outbound.module';
import { ResearchBriefingSource } from './research.briefing-source';

/** Research Hub: reports written by a background pipeline from retrieved, scored and cited sources. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ResearchReportEntity]),
    FeatureTogglesModule,
    JobsModule,
    AiModule,
    NotificationsModule,
    OutboundModule,
  ],
  controllers: [ResearchController],
  providers: [
    ResearchBriefingSource,
    ResearchService,
    ResearchPipelineService,
    LocalSourcesService,
    PageReader,
    webSearchProvider,
    ResearchDashboardProvider,
    ResearchSearchProvider,
  ],
})
export class ResearchModule {}
