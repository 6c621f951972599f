import type { ActivityLog } from '@aide/contracts';
import { Get } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.decorator';
import { ACTIVITY_LOG_OPENAPI } from './activity-log.openapi';
import { ActivityLogService } from './activity-log.service';

@AdminController('activity-logs')
export class AdminActivityLogsController {
  constructor(private readonly activity: ActivityLogService) {}

  @Get()
  @ApiOkResponse({
    description: 'The newest 50 successful changes, newest first',
    schema: { type: 'array', items: ACTIVITY_LOG_OPENAPI },
  })
  list(): Promise<ActivityLog[]> {
    return this.activity.latest();
  }
}
