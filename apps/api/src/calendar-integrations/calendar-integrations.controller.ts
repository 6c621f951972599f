import {
  type CalendarIntegration,
  type CreateCalDavIntegrationPayload,
  createCalDavIntegrationSchema,
  type UpdateCalendarIntegrationPayload,
  updateCalendarIntegrationSchema,
  planQuotaMessage,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiForbiddenResponse,
} from '@nestjs/swagger';
import { moduleNotAvailable } from '../feature-toggles/module-access.guard';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
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
@Controller('api/calendar-integrations')
export class CalendarIntegrationsController {
  constructor(
    private readonly integrations: CalendarIntegrationsService,
    private readonly sync: CalendarSyncService,
  ) {}

  @Get()
  @ApiOkResponse({ description: "The signed-in user's calendar integrations (never their credentials)" })
  list(@CurrentUser() user: User): Promise<CalendarIntegration[]> {
    return this.integrations.list(user.id);
  }

  @Post('caldav')
  @ApiBody({ schema: openApiSchema(createCalDavIntegrationSchema) })
  @ApiCreatedResponse({ description: 'Connected; the first sync is queued' })
  @ApiBadRequestResponse({
    description:
      "Validation failed, 'Could not sign in to the CalDAV server: …', 'Could not connect to the server at …' (the address is not allowed or did not answer as CalDAV), or the calendar was not found",
  })
  @ApiForbiddenResponse({
    description: `${moduleNotAvailable('organiser')}, or past the plan's quota (checked before the server is contacted): '${planQuotaMessage('free', 'calendarIntegrations')}'`,
  })
  async createCalDav(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createCalDavIntegrationSchema)) body: CreateCalDavIntegrationPayload,
  ): Promise<CalendarIntegration> {
    const created = await this.integrations.createCalDav(user.id, body);
    await this.sync.enqueue({ id: created.id, userId: user.id });
    return { ...created, syncing: true };
  }

  @Post(':id/sync')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: 'A sync is queued; the integration comes back with syncing: true' })
  @ApiNotFoundResponse({ description: 'Calendar integration not found' })
  async syncNow(@CurrentUser() user: User, @Param('id', integrationId) id: number): Promise<CalendarIntegration> {
    const row = await this.integrations.get(user.id, id);
    await this.sync.enqueue(row);
    return { ...toCalendarIntegration(row), syncing: true };
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateCalendarIntegrationSchema) })
  @ApiOkResponse({ description: 'Updated' })
  @ApiNotFoundResponse({ description: 'Calendar integration not found' })
  update(
    @CurrentUser() user: User,
    @Param('id', integrationId) id: number,
    @Body(new ZodValidationPipe(updateCalendarIntegrationSchema)) body: UpdateCalendarIntegrationPayload,
  ): Promise<CalendarIntegration> {
    return this.integrations.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Removed, with the events it imported' })
  @ApiNotFoundResponse({ description: 'Calendar integration not found' })
  remove(@CurrentUser() user: User, @Param('id', integrationId) id: number): Promise<void> {
    return this.integrations.remove(user.id, id);
  }
}
