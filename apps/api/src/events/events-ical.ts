import type { CalendarEvent } from '@aide/contracts';
import { ICalCalendar } from 'ical-generator';

export const FEED_CALENDAR_NAME = 'Aide';

/** A UID that stays the same for the event's whole life, so subscribers update rather than duplicate it. */
export const eventUid = (id: number) => `event-${id}@aide`;

/**
 * The events as one VCALENDAR (RFC 5545) from ical-generator. No calendar timezone is set, so
 * every DTSTART/DTEND is written in UTC ("Z"); DTSTAMP and LAST-MODIFIED are the row's updatedAt,
 * so an unchanged event serialises identically on every poll.
 */
export function toICalendar(events: readonly CalendarEvent[]): string {
  const calendar = new ICalCalendar({
    name: FEED_CALENDAR_NAME,
    prodId: { company: 'Aide', product: 'Aide', language: 'EN' },
  });
  for (const event of events) {
    calendar.createEvent({
      id: eventUid(event.id),
      start: new Date(event.startTime),
      end: new Date(event.endTime),
      summary: event.title,
      description: event.description,
      location: event.location,
      created: new Date(event.createdAt),
      lastModified: new Date(event.updatedAt),
      stamp: new Date(event.updatedAt),
    });
  }
  return calendar.toString();
}
