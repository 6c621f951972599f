import { fromFloating, toFloating } from '../events/recurrence/occurrences';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'HH:mm' (24-hour) of an instant in a zone: how the briefing writes times, in every language. */
export function clockTime(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** 'YYYY-MM-DD': the calendar day containing the instant in the zone. */
export function localDate(instant: Date, timezone: string): string {
  return toFloating(instant, timezone).toISOString().slice(0, 10);
}

/** The instant of a wall time on the local day of `now` (offset by `days`), e.g. today's 08:00. */
export function localInstant(now: Date, timezone: string, days: number, hour = 0, minute = 0): Date {
  const midnight = Math.floor(toFloating(now, timezone).getTime() / DAY_MS) * DAY_MS;
  return fromFloating(new Date(midnight + days * DAY_MS + (hour * 60 + minute) * 60_000), timezone);
}

/** Whole local days from `now`'s day to the date 'YYYY-MM-DD' (0 today, 1 tomorrow). */
export function daysUntil(now: Date, timezone: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${localDate(now, timezone)}T00:00:00Z`)) / DAY_MS);
}
