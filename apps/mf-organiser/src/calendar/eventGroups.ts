/** How the calendar screen orders and groups the user's events. Pure. */
import type { CalendarEvent } from '@aide/contracts';
import { dateKey, dayjs } from '../shared/time';

/**
 * An event's React key: occurrences of one series share its id, and their original start tells them
 * apart (a moved occurrence has an id of its own).
 */
export const eventKey = (event: Pick<CalendarEvent, 'id' | 'occurrenceStart'>) =>
  `${event.id}:${event.occurrenceStart ?? ''}`;

/** Spec §9: the upcoming list shows the next 5 events. */
export const UPCOMING_LIMIT = 5;

const byStart = (a: CalendarEvent, b: CalendarEvent) => dayjs(a.startTime).valueOf() - dayjs(b.startTime).valueOf();

/** Earliest first. */
export const sortByStart = (events: readonly CalendarEvent[]) => [...events].sort(byStart);

/** Events by the day ('YYYY-MM-DD') they start on in the profile timezone, each day's in the given order. */
export function eventsByStartDay(events: readonly CalendarEvent[], timezone: string): Map<string, CalendarEvent[]> {
  const map = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const key = dateKey(event.startTime, timezone);
    map.set(key, [...(map.get(key) ?? []), event]);
  }
  return map;
}

/** The next events that start after `now`, earliest first. */
export function upcomingEvents(events: readonly CalendarEvent[], now = dayjs()): CalendarEvent[] {
  return events
    .filter((e) => dayjs(e.startTime).isAfter(now))
    .sort(byStart)
    .slice(0, UPCOMING_LIMIT);
}
