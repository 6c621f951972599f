import type { CalendarEvent } from '@aide/contracts';
import type { EventEntity } from './event.entity';

/** The API's view of an event row: the contract's CalendarEvent, instants as ISO strings (UTC). */
export function toCalendarEvent(entity: EventEntity): CalendarEvent {
  return {
    id: entity.id,
    userId: entity.userId,
    title: entity.title,
    description: entity.description,
    type: entity.type,
    startTime: entity.startTime.toISOString(),
    endTime: entity.endTime.toISOString(),
    location: entity.location,
    attendees: entity.attendees,
    metadata: entity.metadata,
    source: entity.source,
    integrationId: entity.integrationId,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
