import type { ActivityLog } from '@aide/contracts';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminGuard } from '../common/admin.guard';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ACTIVITY_LOG_OPENAPI } from './activity-log.openapi';
import { ActivityLogService } from './activity-log.service';

@ApiTags('admin')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@ApiForbiddenResponse({ description: 'Admin privileges required' })
@UseGuards(SessionAuthGuard, AdminGuard)
@Controller('api/admin/activity-logs')
export class AdminActivityLogsController {
  constructor(private readonly activity: ActivityLogService) {}

  @Get()
  @ApiOkResponse({ description: 'The newest 50 successful changes, newest first', schema: { type: 'array', items: ACTIVITY_LOG_OPENAPI } })
  list(): Promise<ActivityLog[]> {
    return this.activity.latest();
  }
}
