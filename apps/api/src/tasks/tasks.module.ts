import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { TaskDueNotifier } from './task-due-notifier';
import { TaskRepeatSweeper } from './task-repeat-sweeper';
import { TaskEntity } from './task.entity';
import { TasksController } from './tasks.controller';
import { TasksDashboardProvider } from './tasks.dashboard-provider';
import { TasksSearchProvider } from './tasks.search-provider';
import { TasksService } from './tasks.service';
import { TasksBriefingSource } from './tasks.briefing-source';
import { TasksDigestSource } from './tasks.digest-source';

@Module({
  imports: [TypeOrmModule.forFeature([TaskEntity]), FeatureTogglesModule, NotificationsModule],
  controllers: [TasksController],
  providers: [
    TasksBriefingSource,
    TasksService,
    TasksSearchProvider,
    TaskDueNotifier,
    TaskRepeatSweeper,
    TasksDashboardProvider,
    TasksDigestSource,
  ],
  exports: [TasksService],
})
export class TasksModule {}
