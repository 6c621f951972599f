/** A stretch of time: an event's, or a free one between events. */
export interface Span {
  start: Date;
  end: Date;
}

/** A free stretch shorter than this is not worth a line. */
export const MIN_FREE_MINUTES = 30;
/** The working day the free time is looked for in, local hours. */
export const WORKING_DAY = { startHour: 8, endHour: 18 } as const;
/** Free time starts on a quarter hour ("free from 10:30", not "from 10:17"). */
const QUARTER_MS = 15 * 60_000;

/**
 * The free stretches of `window` that no event covers, each at least `minMinutes` long, in order.
 * Overlapping and touching events merge; events outside the window are ignored; a window that
 * starts mid-quarter starts on the next quarter hour. Pure.
 */
export function freeTimes(events: readonly Span[], window: Span, minMinutes = MIN_FREE_MINUTES): Span[] {
  const from = new Date(Math.ceil(window.start.getTime() / QUARTER_MS) * QUARTER_MS);
  const busy = events
    .filter((event) => event.end > from && event.start < window.end && event.end > event.start)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const free: Span[] = [];
  let cursor = from;
  for (const event of busy) {
    if (event.start > cursor) free.push({ start: cursor, end: event.start });
    if (event.end > cursor) cursor = event.end;
  }
  if (window.end > cursor) free.push({ start: cursor, end: window.end });
  return free.filter((span) => span.end.getTime() - span.start.getTime() >= minMinutes * 60_000);
}
