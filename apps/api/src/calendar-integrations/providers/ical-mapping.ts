import ICAL from 'ical.js';
import type { OutgoingEvent, RemoteEvent } from './calendar-provider-client';

const PRODID = '-//Aide//Calendar sync//EN';

/** The UID Aide gives an exported event; also its CalDAV file name (plus .ics). */
export const exportUid = (localId: number, salt: string) => `aide-${localId}-${salt}`;

const iso = (time: ICAL.Time) => time.toJSDate().toISOString();

/**
 * The first VEVENT of an iCalendar object as a RemoteEvent. A recurring event is taken as its
 * first occurrence (recurrences are not expanded). Dates without a time (all-day) become
 * midnight UTC. Answers null when there is no VEVENT (a VTODO, say).
 */
export function parseVEvent(ics: string, remoteId: string, etag: string | null): RemoteEvent | null {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) return null;
  const event = new ICAL.Event(vevent);
  if (!event.startDate) return null;
  const start = event.startDate;
  // No DTEND: an all-day event lasts the day, a timed one is an instant (RFC 5545 §3.6.1).
  const end = event.endDate ?? start;
  const attendees = vevent
    .getAllProperties('attendee')
    .map((p) => String(p.getFirstValue()).replace(/^mailto:/i, ''))
    .filter(Boolean);
  const modified = vevent.getFirstPropertyValue('last-modified') ?? vevent.getFirstPropertyValue('dtstamp');
  return {
    remoteId,
    etag,
    title: event.summary ?? '',
    description: event.description ?? null,
    location: event.location ?? null,
    startTime: iso(start),
    endTime: iso(end),
    attendees,
    updatedAt: modified instanceof ICAL.Time ? iso(modified) : null,
  };
}

const utc = (instant: string) => ICAL.Time.fromJSDate(new Date(instant), true);

/** A VCALENDAR holding one VEVENT for a local event, times in UTC. */
export function buildVCalendar(event: OutgoingEvent, uid: string): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', uid);
  const now = ICAL.Time.fromJSDate(new Date(), true);
  vevent.addPropertyWithValue('dtstamp', now);
  vevent.addPropertyWithValue('last-modified', now);
  vevent.addPropertyWithValue('dtstart', utc(event.startTime));
  vevent.addPropertyWithValue('dtend', utc(event.endTime));
  vevent.addPropertyWithValue('summary', event.title);
  if (event.description) vevent.addPropertyWithValue('description', event.description);
  if (event.location) vevent.addPropertyWithValue('location', event.location);
  calendar.addSubcomponent(vevent);
  return calendar.toString();
}
