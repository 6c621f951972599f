/**
 * The calendar's views as pure date arithmetic over zone-free day keys ('YYYY-MM-DD'): which days
 * a view shows, how prev/next move, and the header label. Weeks start on Sunday (spec §9).
 */
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_KEY_FORMAT } from '../shared/time';

export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Spec §9: the default view. */
export const DEFAULT_VIEW: CalendarView = 'month';

const day = (key: string) => dayjs(key);

/** The Sunday on or before `d`, whatever dayjs locale is active. */
export const sundayOf = (d: Dayjs) => d.subtract(d.day(), 'day');

/** Spec: previous / next move by one month, 7 days or 1 day. */
export function shiftKey(key: string, view: CalendarView, direction: 1 | -1): string {
  const amount =
    view === 'month'
      ? { n: 1, unit: 'month' as const }
      : view === 'week'
        ? { n: 7, unit: 'day' as const }
        : { n: 1, unit: 'day' as const };
  return day(key)
    .add(direction * amount.n, amount.unit)
    .format(DATE_KEY_FORMAT);
}

/** The day keys a view covers: the whole month, the Sunday-to-Saturday week, or the one day. */
export function viewDays(key: string, view: CalendarView): string[] {
  const d = day(key);
  const [first, count] =
    view === 'month' ? [d.startOf('month'), d.daysInMonth()] : view === 'week' ? [sundayOf(d), 7] : [d, 1];
  return Array.from({ length: count }, (_, i) => first.add(i, 'day').format(DATE_KEY_FORMAT));
}

/**
 * Header label: 'Saturday, November 21, 2026' (day), 'Nov 15 – Nov 21, 2026' (week; both years when
 * the week spans two), 'November 2026' (month).
 */
export function rangeLabel(key: string, view: CalendarView): string {
  const d = day(key);
  if (view === 'day') return d.format('dddd, MMMM D, YYYY');
  if (view === 'month') return d.format('MMMM YYYY');
  const start = sundayOf(d);
  const end = start.add(6, 'day');
  return start.year() === end.year()
    ? `${start.format('MMM D')} – ${end.format('MMM D, YYYY')}`
    : `${start.format('MMM D, YYYY')} – ${end.format('MMM D, YYYY')}`;
}
