import {
  type CalendarEvent,
  type CreateEventPayload,
  type EventRange,
  eventsEndpoints,
  type OccurrenceScopeQuery,
  type UpdateEventPayload,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody, EndpointQuery } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { EventsService } from './events.service';

const eventId = new IdParamPipe('Event id must be a positive whole number');

/** Routes and payloads: `eventsEndpoints` in @aide/contracts; each change refetches the lists it names. */
@ApiTags('events')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Endpoint(eventsEndpoints.list)
  @ApiBadRequestResponse({ description: 'A bound is not an ISO instant, or to is before from' })
  list(@CurrentUser() user: User, @EndpointQuery(eventsEndpoints.list) range: EventRange): Promise<CalendarEvent[]> {
    return this.events.occurrences(user.id, range);
  }

  @Endpoint(eventsEndpoints.create)
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "Title is required"' })
  create(
    @CurrentUser() user: User,
    @EndpointBody(eventsEndpoints.create) body: CreateEventPayload,
  ): Promise<CalendarEvent> {
    return this.events.create(user.id, body);
  }

  @Endpoint(eventsEndpoints.get)
  @ApiNotFoundResponse({ description: 'Event not found' })
  get(@CurrentUser() user: User, @Param('id', eventId) id: number): Promise<CalendarEvent> {
    return this.events.get(user.id, id);
  }

  @Endpoint(eventsEndpoints.update)
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "End time must be after start time"' })
  @ApiNotFoundResponse({ description: 'Event not found' })
  update(
    @CurrentUser() user: User,
    @Param('id', eventId) id: number,
    @EndpointQuery(eventsEndpoints.update) target: OccurrenceScopeQuery,
    @EndpointBody(eventsEndpoints.update) body: UpdateEventPayload,
  ): Promise<CalendarEvent> {
    return this.events.update(user.id, id, body, target);
  }

  @Endpoint(eventsEndpoints.remove)
  @ApiNotFoundResponse({ description: 'Event not found' })
  remove(
    @CurrentUser() user: User,
    @Param('id', eventId) id: number,
    @EndpointQuery(eventsEndpoints.remove) target: OccurrenceScopeQuery,
  ): Promise<void> {
    return this.events.remove(user.id, id, target);
  }
}
