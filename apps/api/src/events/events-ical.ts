import type { CalendarEvent } from '@aide/contracts';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { ICalCalendar, type ICalEventData } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

export const FEED_CALENDAR_NAME = 'Aide';

/** A UID that stays the same for the event's whole life, so subscribers update rather than duplicate it. */
export const eventUid = (id: number) => `event-${id}@aide`;

/** The VTIMEZONE block for an IANA zone (from timezones-ical-library), or null for one it lacks. */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0]?.startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** ATTENDEE needs an address: attendees kept as plain names have none, so they are left out rather than made up. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The events as one VCALENDAR (RFC 5545) from ical-generator, given the stored rows (a series once).
 * Single events are written in UTC ("Z"). A series is written in its own zone (DTSTART;TZID= with
 * a VTIMEZONE) with its RRULE and EXDATEs, so subscribers keep 09:00 at 09:00 across DST; a moved
 * occurrence is a VEVENT with the series' UID and a RECURRENCE-ID. The type goes in CATEGORIES and
 * attendees with an email address as ATTENDEE. DTSTAMP and LAST-MODIFIED are the row's updatedAt,
 * so an unchanged event serialises identically on every poll.
 */
export function toICalendar(events: readonly CalendarEvent[]): string {
  const calendar = new ICalCalendar({
    name: FEED_CALENDAR_NAME,
    prodId: { company: 'Aide', product: 'Aide', language: 'EN' },
  });
  calendar.timezone({ name: null, generator: vtimezone });
  const zoneOf = new Map(events.filter((e) => e.recurrence).map((e) => [e.id, e.timezone]));
  for (const event of events) {
    // A moved occurrence is written in its series' zone, the zone its RECURRENCE-ID was expanded in.
    const zone =
      (event.recurringEventId !== null ? zoneOf.get(event.recurringEventId) : event.recurrence && event.timezone) ||
      null;
    const inZone = (iso: string) => (zone ? dayjs(iso).tz(zone) : new Date(iso));
    const data: ICalEventData = {
      id: eventUid(event.recurringEventId ?? event.id),
      start: inZone(event.startTime),
      end: inZone(event.endTime),
      summary: event.title,
      description: event.description,
      location: event.location,
      categories: [{ name: event.type.toUpperCase() }],
      attendees: event.attendees.filter((a) => EMAIL.test(a)).map((email) => ({ email })),
      created: new Date(event.createdAt),
      lastModified: new Date(event.updatedAt),
      stamp: new Date(event.updatedAt),
    };
    if (zone) data.timezone = zone;
    if (event.recurrence) {
      // A rule string keeps the RRULE exactly as stored (it round-trips to calendar servers unchanged).
      const exdates = event.exceptions.map((iso) =>
        zone ? `EXDATE;TZID=${zone}:${dayjs(iso).tz(zone).format('YYYYMMDDTHHmmss')}` : `EXDATE:${utcStamp(iso)}`,
      );
      data.repeating = [`RRULE:${event.recurrence}`, ...exdates].join('\n');
    }
    if (event.recurringEventId !== null && event.occurrenceStart) data.recurrenceId = inZone(event.occurrenceStart);
    calendar.createEvent(data);
  }
  return calendar.toString();
}
