import { type DashboardResponse, dashboardSchema } from '@aide/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { openApiSchema } from '../common/openapi.util';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOkResponse({
    description:
      "Each module's part of the dashboard under its id (its schema is in that module's contract, e.g. " +
      'emailDashboardSchema); modules the user may not use are absent',
    schema: openApiSchema(dashboardSchema, 'output'),
  })
  get(@CurrentUser() user: User): Promise<DashboardResponse> {
    return this.dashboard.forUser(user);
  }
}
