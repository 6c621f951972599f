import { Module } from '@nestjs/common';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { JobEventSink, NotifyingJobEventSink } from './job-events';
import { JobsService } from './jobs.service';

/**
 * Background jobs. A domain module imports it and calls JobsService.define() in onModuleInit.
 * Job events go to the user's notifications, and live to their streams when a global module
 * provides JOB_EVENT_PUBLISHER (see job-events.ts).
 */
@Module({
  imports: [NotificationsModule, FeatureTogglesModule],
  providers: [JobsService, { provide: JobEventSink, useClass: NotifyingJobEventSink }],
  exports: [JobsService],
})
export class JobsModule {}
