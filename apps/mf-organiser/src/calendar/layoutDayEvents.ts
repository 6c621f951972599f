/**
 * Places one day's events in the hour grid: top and height from start and end, and events that
 * overlap in time side by side (each cluster of overlapping events shares the column's width).
 */
import type { CalendarEvent } from '@aide/contracts';
import { dayjs, DATE_KEY_FORMAT, inZone } from '../shared/time';
import { eventKey } from './eventGroups';

const MINUTES_PER_DAY = 24 * 60;
/** Short events still get a clickable block (the grid asks for more to keep a title readable). */
export const MIN_BLOCK_MINUTES = 20;

export interface PlacedEvent {
  event: CalendarEvent;
  /** Its React key (see eventKey): occurrences of a series share an id. */
  key: string;
  /** Minutes after the day's midnight (in the timezone), clamped to the day. */
  startMinute: number;
  endMinute: number;
  column: number;
  columns: number;
}

export function layoutDayEvents(
  events: CalendarEvent[],
  dayKey: string,
  tz: string,
  minBlockMinutes = MIN_BLOCK_MINUTES,
): PlacedEvent[] {
  const dayStart = dayjs.tz(dayKey, tz);
  // The next midnight in the zone, not 24 hours on: a day with a DST change has 23 or 25 hours.
  const dayEnd = dayjs.tz(dayjs(dayKey).add(1, 'day').format(DATE_KEY_FORMAT), tz);
  // Where an instant sits on the grid, whose hour rows are wall-clock hours in the zone (so 10:00
  // is in the 10:00 row on a DST day too); before or after the day, its first or last minute.
  const gridMinute = (instant: ReturnType<typeof dayjs>) => {
    if (!instant.isAfter(dayStart)) return 0;
    if (!instant.isBefore(dayEnd)) return MINUTES_PER_DAY;
    const local = inZone(instant, tz);
    return local.hour() * 60 + local.minute();
  };
  const items = events
    .map((event) => {
      const start = dayjs(event.startTime);
      const end = dayjs(event.endTime);
      if (!end.isAfter(dayStart) && !start.isSame(dayStart)) return null;
      if (!start.isBefore(dayEnd)) return null;
      const startMinute = gridMinute(start);
      const rawEnd = gridMinute(end);
      const endMinute = Math.min(MINUTES_PER_DAY, Math.max(rawEnd, startMinute + minBlockMinutes));
      return { event, key: eventKey(event), startMinute, endMinute, column: 0, columns: 1 };
    })
    .filter((p): p is PlacedEvent => p !== null)
    .sort((a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute);

  // Sweep: a cluster ends when the next event starts after every event in it has ended.
  let cluster: PlacedEvent[] = [];
  let clusterEnd = -1;
  const closeCluster = () => {
    const columns = Math.max(1, ...cluster.map((p) => p.column + 1));
    for (const p of cluster) p.columns = columns;
    cluster = [];
  };
  for (const item of items) {
    if (item.startMinute >= clusterEnd) closeCluster();
    // First column whose last event has ended.
    const taken = new Set(cluster.filter((p) => p.endMinute > item.startMinute).map((p) => p.column));
    let column = 0;
    while (taken.has(column)) column += 1;
    item.column = column;
    cluster.push(item);
    clusterEnd = Math.max(clusterEnd, item.endMinute);
  }
  closeCluster();
  return items;
}
