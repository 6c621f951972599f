/**
 * Weekday and "nth weekday of the month" helpers for repeat rules. Names come from Intl in the active
 * language (`formatDate`), the week's first day from dayjs's locale (the one the calendar's week uses).
 */
import { WEEKDAYS, type Weekday } from '@aide/contracts';
import { formatDate } from '@aide/i18n';
import { dayjs } from '../time';
import type { Dayjs } from 'dayjs';

/** 1 January 2024 was a Monday: WEEKDAYS[i] is that date plus i days. */
const MONDAY_UTC = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** The RFC 5545 code of the day `date` falls on (its wall-clock day, in whatever zone it is in). */
export const weekdayOf = (date: Dayjs): Weekday => WEEKDAYS[(date.day() + 6) % 7];

/** 'Thursday' · 'jueves' · 'Donnerstag' (long), 'Thu' · 'jue' · 'Do' (short), in the active language. */
export function weekdayName(day: Weekday, width: 'long' | 'short' = 'long'): string {
  return formatDate(MONDAY_UTC + WEEKDAYS.indexOf(day) * DAY_MS, { weekday: width, timeZone: 'UTC' });
}

/** The seven days in the order the active language's week runs (Sunday first in English, Monday in German). */
export function weekdaysInLocaleOrder(): Weekday[] {
  // 0 = Sunday, 1 = Monday, as dayjs's locale data starts the week.
  const first = dayjs().locale(dayjs.locale()).startOf('week').day();
  const offset = (first + 6) % 7;
  return [...WEEKDAYS.slice(offset), ...WEEKDAYS.slice(0, offset)];
}

/** Ordinals a monthly rule's BYDAY can carry, as the messages' select keys. */
export const ORDINAL_NAMES: Record<number, 'first' | 'second' | 'third' | 'fourth' | 'last'> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  [-1]: 'last',
};

/**
 * Which weekday of its month `date` is: the 26 November 2026 is the 4th Thursday (`nth: 4`), and also
 * the last one (`last: true`, no Thursday follows in November). A 5th weekday is only ever "the last".
 */
export function monthWeekdayOf(date: Dayjs): { day: Weekday; nth: number; last: boolean } {
  return {
    day: weekdayOf(date),
    nth: Math.ceil(date.date() / 7),
    last: date.date() + 7 > date.daysInMonth(),
  };
}
