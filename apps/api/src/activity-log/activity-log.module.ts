import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityLogEntity } from './activity-log.entity';
import { ActivityLogInterceptor } from './activity-log.interceptor';
import { ActivityLogService } from './activity-log.service';
import { AdminActivityLogsController } from './admin-activity-logs.controller';

/** Records every successful mutation in the API through one global interceptor. */
@Module({
  imports: [TypeOrmModule.forFeature([ActivityLogEntity])],
  controllers: [AdminActivityLogsController],
  providers: [ActivityLogService, { provide: APP_INTERCEPTOR, useClass: ActivityLogInterceptor }],
})
export class ActivityLogModule {}
