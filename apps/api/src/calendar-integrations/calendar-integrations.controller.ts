import {
  type CalendarIntegration,
  calendarIntegrationsEndpoints as routes,
  type CreateCalDavIntegrationPayload,
  type UpdateCalendarIntegrationPayload,
  planQuotaMessage,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { moduleNotAvailable } from '../feature-toggles/module-access.guard';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { toCalendarIntegration } from './calendar-integration.mapper';
import { CalendarIntegrationsService } from './calendar-integrations.service';
import { CalendarSyncService } from './sync/calendar-sync.service';

const integrationId = new IdParamPipe('Calendar integration id must be a positive whole number');

@ApiTags('calendar-integrations')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller()
export class CalendarIntegrationsController {
  constructor(
    private readonly integrations: CalendarIntegrationsService,
    private readonly sync: CalendarSyncService,
  ) {}

  @Endpoint(routes.list)
  list(@CurrentUser() user: User): Promise<CalendarIntegration[]> {
    return this.integrations.list(user.id);
  }

  @Endpoint(routes.createCalDav)
  @ApiBadRequestResponse({
    description:
      "Validation failed, 'Could not sign in to the CalDAV server: …', 'Could not connect to the server at …' (the address is not allowed or did not answer as CalDAV), or the calendar was not found",
  })
  @ApiForbiddenResponse({
    description: `${moduleNotAvailable('organiser')}, or past the plan's quota (checked before the server is contacted): '${planQuotaMessage('free', 'calendarIntegrations')}'`,
  })
  async createCalDav(
    @CurrentUser() user: User,
    @EndpointBody(routes.createCalDav) body: CreateCalDavIntegrationPayload,
  ): Promise<CalendarIntegration> {
    const created = await this.integrations.createCalDav(user.id, body);
    await this.sync.enqueue({ id: created.id, userId: user.id });
    return { ...created, syncing: true };
  }

  @Endpoint(routes.sync)
  @ApiNotFoundResponse({ description: 'Calendar integration not found' })
  async syncNow(@CurrentUser() user: User, @Param('id', integrationId) id: number): Promise<CalendarIntegration> {
    const row = await this.integrations.get(user.id, id);
    await this.sync.enqueue(row);
    return { ...toCalendarIntegration(row), syncing: true };
  }

  @Endpoint(routes.update)
  @ApiNotFoundResponse({ description: 'Calendar integration not found' })
  update(
    @CurrentUser() user: User,
    @Param('id', integrationId) id: number,
    @EndpointBody(routes.update) body: UpdateCalendarIntegrationPayload,
  ): Promise<CalendarIntegration> {
    return this.integrations.update(user.id, id, body);
  }

  @Endpoint(routes.remove)
  @ApiNotFoundResponse({ description: 'Calendar integration not found' })
  remove(@CurrentUser() user: User, @Param('id', integrationId) id: number): Promise<void> {
    return this.integrations.remove(user.id, id);
  }
}
