import {
  type CalendarEvent,
  type CreateEventPayload,
  createEventSchema,
  type EventRange,
  eventRangeSchema,
  type UpdateEventPayload,
  updateEventSchema,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { EVENT_OPENAPI } from './events.openapi';
import { EventsService } from './events.service';

const eventId = new IdParamPipe('Event id must be a positive whole number');

/** The lists an event change makes stale: the calendar and the dashboard's schedule card. */
export const EVENT_INVALIDATES = ['/api/events', '/api/dashboard'];

@ApiTags('events')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller('api/events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly stream: StreamService,
  ) {}

  /** The user's other tabs (and devices) refetch their calendar and dashboard: GET /api/stream. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      { userId, event: { type: 'entity.changed', entity: { type: 'event', id }, invalidate: EVENT_INVALIDATES } },
    ]);
  }

  @Get()
  @ApiQuery({ name: 'from', required: false, description: 'ISO instant; only events ending after it' })
  @ApiQuery({ name: 'to', required: false, description: 'ISO instant; only events starting before it' })
  @ApiOkResponse({
    description: "The signed-in user's events by start time",
    schema: { type: 'array', items: EVENT_OPENAPI },
  })
  @ApiBadRequestResponse({ description: 'A bound is not an ISO instant, or to is before from' })
  list(
    @CurrentUser() user: User,
    @Query(new ZodValidationPipe(eventRangeSchema)) range: EventRange,
  ): Promise<CalendarEvent[]> {
    return this.events.list(user.id, range);
  }

  @Post()
  @ApiBody({ schema: openApiSchema(createEventSchema) })
  @ApiCreatedResponse({ schema: EVENT_OPENAPI })
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "Title is required"' })
  async create(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createEventSchema)) body: CreateEventPayload,
  ): Promise<CalendarEvent> {
    const event = await this.events.create(user.id, body);
    await this.changed(user.id, event.id);
    return event;
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateEventSchema) })
  @ApiOkResponse({ schema: EVENT_OPENAPI })
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "End time must be after start time"' })
  @ApiNotFoundResponse({ description: 'Event not found' })
  async update(
    @CurrentUser() user: User,
    @Param('id', eventId) id: number,
    @Body(new ZodValidationPipe(updateEventSchema)) body: UpdateEventPayload,
  ): Promise<CalendarEvent> {
    const event = await this.events.update(user.id, id, body);
    await this.changed(user.id, id);
    return event;
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'Event not found' })
  async remove(@CurrentUser() user: User, @Param('id', eventId) id: number): Promise<void> {
    await this.events.remove(user.id, id);
    await this.changed(user.id, id);
  }
}
