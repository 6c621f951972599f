/**
 * Time helpers shared by the dashboard and the calendar. Events are UTC instants; people read and
 * edit them as wall-clock times in their PROFILE timezone (not the browser's), so every conversion
 * goes through the zone passed in.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import relativeTime from 'dayjs/plugin/relativeTime';

// dayjs is a federation singleton; extending it again is a no-op.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** The 16-character local date-time the event form edits (spec §5). */
export const LOCAL_DATETIME_FORMAT = 'YYYY-MM-DDTHH:mm';
/** A calendar day, independent of any zone. */
export const DATE_KEY_FORMAT = 'YYYY-MM-DD';

/** An instant as seen in `tz`. */
export const inZone = (instant: string | Dayjs, tz: string): Dayjs => dayjs(instant).tz(tz);

/** 'YYYY-MM-DDTHH:mm' in `tz` for an instant. */
export const toLocalInput = (instant: string, tz: string) => inZone(instant, tz).format(LOCAL_DATETIME_FORMAT);

/** The UTC instant (ISO) of a wall-clock 'YYYY-MM-DDTHH:mm' in `tz`. */
export const fromLocalInput = (local: string, tz: string) => dayjs.tz(local, tz).toISOString();

/** The calendar day an instant falls on in `tz`. */
export const dateKey = (instant: string | Dayjs, tz: string) => inZone(instant, tz).format(DATE_KEY_FORMAT);

/** Today's calendar day in `tz`. */
export const todayKey = (tz: string) => dayjs().tz(tz).format(DATE_KEY_FORMAT);

/** Minutes between two instants, never negative. */
export const durationMinutes = (start: string, end: string) => Math.max(0, dayjs(end).diff(dayjs(start), 'minute'));

/** '14:30' in `tz`. */
export const clockTime = (instant: string, tz: string) => inZone(instant, tz).format('HH:mm');

export { dayjs };
