/**
 * Time helpers shared by the dashboard and the calendar. Events are UTC instants; people read and
 * edit them as wall-clock times in their PROFILE timezone (not the browser's), so every conversion
 * goes through the zone passed in.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import relativeTime from 'dayjs/plugin/relativeTime';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { formatDate, getLocale } from '@aide/i18n';

// dayjs is a federation singleton; extending it again is a no-op.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);
// 'll', 'LT': each language's own date order.
dayjs.extend(localizedFormat);

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

/**
 * A calendar day ('YYYY-MM-DD') written the way the active language writes dates, with Intl options:
 * `{ weekday: 'long', month: 'long', day: 'numeric' }` → 'Wednesday, November 20' · 'Mittwoch, 20. November'.
 * The key is a date, not an instant, so it is formatted as the same day wherever the browser is.
 */
export const formatDay = (key: string, options: Intl.DateTimeFormatOptions) =>
  formatDate(`${key}T00:00:00Z`, { ...options, timeZone: 'UTC' });

/** An instant's date as seen in `tz`, written the active language's way (see formatDay). */
export const formatInZone = (instant: string, tz: string, options: Intl.DateTimeFormatOptions) =>
  formatDate(instant, { ...options, timeZone: tz });

/** 'Saturday, November 21, 2026' · 'Samstag, 21. November 2026'. */
export const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
};
/** 'Wednesday, November 20' · 'Mittwoch, 20. November'. */
export const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' };

/**
 * An instant in the browser's zone: English keeps the dayjs `englishFormat` the screens always had
 * ('21 Nov 2026, 14:30'); the other languages write it their own way from the Intl `options`.
 */
export const formatLocalInstant = (instant: string, englishFormat: string, options: Intl.DateTimeFormatOptions) =>
  getLocale() === 'en' ? dayjs(instant).format(englishFormat) : formatDate(instant, options);

/** Date and 24-hour time, e.g. '21. Nov. 2026, 14:30'. */
export const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

export { dayjs };
