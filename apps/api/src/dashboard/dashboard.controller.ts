import type { DashboardData } from '@aide/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { DASHBOARD_OPENAPI } from './dashboard.openapi';
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
    description: "Everything the dashboard shows for the signed-in user; locked modules' parts stay zero",
    schema: DASHBOARD_OPENAPI,
  })
  get(@CurrentUser() user: User): Promise<DashboardData> {
    return this.dashboard.forUser(user);
  }
}
