/**
 * The calendar's views as pure date arithmetic over zone-free day keys ('YYYY-MM-DD'): which days
 * a view shows, how prev/next move, and the header label.
 *
 * Weeks start on the day the active language's calendar starts them (dayjs's locale, loaded with the
 * language): Sunday in English (spec §9) and Japanese, Monday in Spanish, French, German and Chinese.
 * antd's month grid reads the same dayjs locale data, so the month and week views always agree.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { t } from '../i18n';
import { DATE_KEY_FORMAT, formatDay } from '../shared/time';

/** 'threeDays' is the phones' time grid: three days from the selected one, instead of a 7-day week. */
export const CALENDAR_VIEWS = ['month', 'week', 'threeDays', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Spec §9: the default view. */
export const DEFAULT_VIEW: CalendarView = 'month';

const day = (key: string) => dayjs(key);

/** The Sunday on or before `d`, whatever dayjs locale is active. */
export const sundayOf = (d: Dayjs) => d.subtract(d.day(), 'day');

/** The first day of `d`'s week in the active language (Sunday in English, Monday in German). */
export const weekStartOf = (d: Dayjs) => d.locale(dayjs.locale()).startOf('week');

/** Spec: previous / next move by one month, 7 days or 1 day (three days in the 3-day view). */
export function shiftKey(key: string, view: CalendarView, direction: 1 | -1): string {
  const amount =
    view === 'month'
      ? { n: 1, unit: 'month' as const }
      : view === 'week'
        ? { n: 7, unit: 'day' as const }
        : view === 'threeDays'
          ? { n: 3, unit: 'day' as const }
          : { n: 1, unit: 'day' as const };
  return day(key)
    .add(direction * amount.n, amount.unit)
    .format(DATE_KEY_FORMAT);
}

/** The day keys a view covers: the whole month, the week, the three days from the selected one, or the one day. */
export function viewDays(key: string, view: CalendarView): string[] {
  const d = day(key);
  const [first, count] =
    view === 'month'
      ? [d.startOf('month'), d.daysInMonth()]
      : view === 'week'
        ? [weekStartOf(d), 7]
        : view === 'threeDays'
          ? [d, 3]
          : [d, 1];
  return Array.from({ length: count }, (_, i) => first.add(i, 'day').format(DATE_KEY_FORMAT));
}

/**
 * The days a view shows: the month view's grid runs from the first week's start through its last
 * week (days of the months around it included), the other views their own days.
 */
export function shownDays(key: string, view: CalendarView): string[] {
  if (view !== 'month') return viewDays(key, view);
  const first = weekStartOf(day(key).startOf('month'));
  return Array.from({ length: MONTH_GRID_DAYS }, (_, i) => first.add(i, 'day').format(DATE_KEY_FORMAT));
}

const SHORT_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/**
 * Header label, in the active language: 'Saturday, November 21, 2026' (day), 'Nov 15 – Nov 21, 2026'
 * (week and 3 days; both years when the range spans two; German '15. Nov. – 21. Nov. 2026'),
 * 'November 2026' (month).
 */
export function rangeLabel(key: string, view: CalendarView): string {
  if (view === 'day') return formatDay(key, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  if (view === 'month') return formatDay(key, { month: 'long', year: 'numeric' });
  const days = viewDays(key, view);
  const [start, end] = [days[0], days[days.length - 1]];
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  return t('calendar.range', {
    start: formatDay(start, sameYear ? SHORT_DAY : SHORT_DATE),
    end: formatDay(end, SHORT_DATE),
  });
}

/** The month grid's six weeks (antd's Calendar shows the days around the month too). */
const MONTH_GRID_DAYS = 42;

/**
 * The instants a view's events are fetched for, [from, to): its days from midnight to midnight in the
 * profile timezone; the month view's whole grid of six weeks, so the days around the month show theirs.
 */
export function viewRange(key: string, view: CalendarView, tz: string): { from: string; to: string } {
  const [first, count] =
    view === 'month'
      ? [weekStartOf(day(key).startOf('month')), MONTH_GRID_DAYS]
      : (() => {
          const days = viewDays(key, view);
          return [day(days[0]), days.length] as const;
        })();
  const at = (d: Dayjs) => dayjs.tz(d.format(DATE_KEY_FORMAT), tz).toISOString();
  return { from: at(first), to: at(first.add(count, 'day')) };
}
