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
    recurrence: entity.recurrence,
    timezone: entity.timezone,
    exceptions: entity.exceptions.map((d) => d.toISOString()),
    recurringEventId: entity.recurringEventId,
    occurrenceStart: entity.originalStartTime?.toISOString() ?? null,
    reminders: entity.reminders,
    taskId: entity.taskId,
    // The block shows done when its task is: read through the relation when it was joined.
    taskStatus: entity.task?.status ?? null,
    sourceEmailId: entity.sourceEmailId ?? null,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
