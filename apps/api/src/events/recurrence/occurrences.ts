import type { RRule } from 'rrule';

/**
 * Expanding RRULEs in a timezone, DST-correct. rrule's own `tzid` support returns dates whose meaning
 * depends on the machine's zone, so the rule is expanded in "floating" time instead: the series'
 * wall-clock start (09:00 in Europe/Berlin) is written into a UTC Date, rrule steps in those wall
 * times, and each result is read back as a wall time in the zone. A weekly 09:00 meeting therefore
 * stays at 09:00 local on both sides of a DST change, while its UTC instant moves by an hour.
 */

/** What expansion needs of a repeating event or task. */
export interface RepeatingSeries {
  startTime: Date;
  /** The first occurrence's end; every occurrence lasts as long. */
  endTime: Date;
  recurrence: string;
  timezone: string;
  /** Original starts removed from the series (EXDATE). */
  exceptions?: readonly Date[];
}

export interface Occurrence {
  start: Date;
  end: Date;
}

/** A safety net against a rule such as FREQ=DAILY over a century-wide range. */
export const MAX_OCCURRENCES_PER_QUERY = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Offsets by zone and quarter hour: every zone changes offset on a quarter-hour boundary. */
const offsetCache = new Map<string, Map<number, number>>();
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The zone's offset from UTC at `instant`, in milliseconds (what Intl says the wall clock reads, minus the instant). */
function offsetAt(instant: number, zone: string): number {
  const bucket = Math.floor(instant / QUARTER_HOUR_MS);
  let zoneCache = offsetCache.get(zone);
  if (!zoneCache || zoneCache.size > 100_000) offsetCache.set(zone, (zoneCache = new Map()));
  const cached = zoneCache.get(bucket);
  if (cached !== undefined) return cached;
  const at = bucket * QUARTER_HOUR_MS;
  const parts: Record<string, number> = {};
  for (const { type, value } of formatterFor(zone).formatToParts(at)) parts[type] = Number(value);
  const offset = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - at;
  zoneCache.set(bucket, offset);
  return offset;
}

/** `instant`'s wall-clock time in `zone`, as a Date whose UTC fields hold that wall time. */
export function toFloating(instant: Date, zone: string): Date {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), zone));
}

/**
 * The instant a floating wall time means in `zone`. A time skipped by DST (02:30 on the spring-forward
 * night) moves forward by the gap, as calendar apps do; a repeated one (autumn) is its first instance.
 */
export function fromFloating(floating: Date, zone: string): Date {
  const wall = floating.getTime();
  const guess = offsetAt(wall, zone);
  const settled = offsetAt(wall - guess, zone);
  const candidate = wall - settled;
  if (offsetAt(candidate, zone) === settled) {
    // Autumn's repeated hour has two instants: the earlier one is the one with the larger offset.
    const earlier = offsetAt(candidate - 3_600_000, zone);
    if (earlier > settled && offsetAt(wall - earlier, zone) === earlier) return new Date(wall - earlier);
    return new Date(candidate);
  }
  // In spring's gap no offset gives back this wall time: move it forward by the gap (the smaller offset).
  return new Date(wall - Math.min(guess, settled));
}

/**
 * The rrule for a series, stepping in floating time from the series' wall-clock start. With
 * `near`, a rule without COUNT starts stepping from a whole number of periods later, just before
 * `near`: rrule walks every occurrence from its start, and a daily series begun years ago would
 * otherwise cost thousands of steps per query. Moving by whole periods keeps the rule's alignment,
 * and the day choices a rule takes from its start are written out first so they survive the move.
 */
function floatingRule(recurrence: string, start: Date, zone: string, near?: Date): RRule {
  // rrule is required on the first series rather than when the API starts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const { RRule } = require('rrule') as typeof import('rrule');
  const options = RRule.parseString(recurrence.replace(/^RRULE:/i, ''));
  const untilMatch = /UNTIL=(\d{8})(T\d{6}Z?)?/i.exec(recurrence);
  if (untilMatch && options.until) {
    // A DATE until (how the editor writes it) includes that whole day in the series' zone; a UTC
    // date-time until is that instant, seen as a wall time in the zone.
    options.until = untilMatch[2]
      ? untilMatch[2].endsWith('Z')
        ? toFloating(options.until, zone)
        : options.until
      : new Date(options.until.getTime() + DAY_MS - 1);
  }
  let dtstart = toFloating(start, zone);
  if (near && !options.count) {
    const interval = options.interval ?? 1;
    const gap = toFloating(near, zone).getTime() - dtstart.getTime();
    const time = [dtstart.getUTCHours(), dtstart.getUTCMinutes(), dtstart.getUTCSeconds()] as const;
    const startOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 1, ...time));
    const periods = (length: number) => Math.floor(gap / length) - 1;
    if (options.freq === RRule.DAILY || options.freq === RRule.WEEKLY) {
      const length = interval * (options.freq === RRule.DAILY ? 1 : 7) * DAY_MS;
      const k = periods(length);
      if (k > 0) {
        if (options.freq === RRule.WEEKLY && !options.byweekday) options.byweekday = [(dtstart.getUTCDay() + 6) % 7];
        dtstart = new Date(dtstart.getTime() + k * length);
      }
    } else if (options.freq === RRule.MONTHLY || options.freq === RRule.YEARLY) {
      const months = interval * (options.freq === RRule.MONTHLY ? 1 : 12);
      const k = periods(months * 31 * DAY_MS);
      if (k > 0) {
        const byDayChoice = options.byweekday || options.bymonthday || options.byyearday || options.byweekno;
        if (!byDayChoice) options.bymonthday = [dtstart.getUTCDate()];
        if (options.freq === RRule.YEARLY && !options.bymonth) options.bymonth = [dtstart.getUTCMonth() + 1];
        Object.assign(options, { byhour: [time[0]], byminute: [time[1]], bysecond: [time[2]] });
        dtstart = startOfMonth(dtstart.getUTCFullYear(), dtstart.getUTCMonth() + k * months);
      }
    }
  }
  return new RRule({ ...options, dtstart, tzid: null });
}

const excluded = (series: RepeatingSeries) => new Set((series.exceptions ?? []).map((d) => d.getTime()));

/**
 * The occurrences overlapping [from, to) (start before `to`, end after `from`), in order, without the
 * exceptions. At most MAX_OCCURRENCES_PER_QUERY.
 */
export function occurrencesBetween(series: RepeatingSeries, from: Date, to: Date): Occurrence[] {
  const duration = series.endTime.getTime() - series.startTime.getTime();
  const rule = floatingRule(series.recurrence, series.startTime, series.timezone, new Date(from.getTime() - duration));
  // Floating bounds widened by a day (plus the duration) absorb any zone offset; exact filtering follows.
  const floatingFrom = new Date(toFloating(from, series.timezone).getTime() - duration - DAY_MS);
  const floatingTo = new Date(toFloating(to, series.timezone).getTime() + DAY_MS);
  const skip = excluded(series);
  const result: Occurrence[] = [];
  rule.between(floatingFrom, floatingTo, true, (floating) => {
    const start = fromFloating(floating, series.timezone);
    const end = new Date(start.getTime() + duration);
    if (start < to && end > from && !skip.has(start.getTime())) result.push({ start, end });
    return result.length < MAX_OCCURRENCES_PER_QUERY;
  });
  return result;
}

/** Whether `start` is one of the series' occurrence starts (exceptions included). */
export function isOccurrence(series: RepeatingSeries, start: Date): boolean {
  const rule = floatingRule(series.recurrence, series.startTime, series.timezone, start);
  const floating = toFloating(start, series.timezone);
  const hit = rule.between(new Date(floating.getTime() - 1), new Date(floating.getTime() + 1), true);
  return hit.some((f) => fromFloating(f, series.timezone).getTime() === start.getTime());
}

/** The first occurrence start strictly after `after` (exceptions skipped), or null when the series has ended. */
export function nextOccurrenceAfter(series: Omit<RepeatingSeries, 'endTime'>, after: Date): Date | null {
  const rule = floatingRule(series.recurrence, series.startTime, series.timezone, after);
  const skip = excluded({ ...series, endTime: series.startTime });
  // Start an hour early in floating time (a DST offset) and step until past `after` in real time.
  let cursor = new Date(toFloating(after, series.timezone).getTime() - 60 * 60 * 1000);
  for (let i = 0; i < MAX_OCCURRENCES_PER_QUERY; i++) {
    const floating = rule.after(cursor, false);
    if (!floating) return null;
    const start = fromFloating(floating, series.timezone);
    if (start > after && !skip.has(start.getTime())) return start;
    cursor = floating;
  }
  return null;
}

/** How many occurrences start before `before` (exceptions counted: COUNT counts them too). */
export function occurrencesBefore(series: Omit<RepeatingSeries, 'endTime' | 'exceptions'>, before: Date): number {
  const rule = floatingRule(series.recurrence, series.startTime, series.timezone);
  let count = 0;
  rule.between(new Date(-8.64e15), new Date(toFloating(before, series.timezone).getTime() + DAY_MS), true, (f) => {
    if (fromFloating(f, series.timezone) < before) count++;
    return count < MAX_OCCURRENCES_PER_QUERY * 5;
  });
  return count;
}

/** The rule with one part set (or removed when `value` is null), other parts kept in order. */
export function withRulePart(recurrence: string, name: string, value: string | null): string {
  const parts = recurrence
    .replace(/^RRULE:/i, '')
    .split(';')
    .filter((p) => p && p.split('=')[0].toUpperCase() !== name);
  if (value !== null) parts.push(`${name}=${value}`);
  return parts.join(';');
}

/** An instant as an RRULE UTC date-time, e.g. 20270630T225959Z. */
export const rruleUtc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The series cut so its last occurrence starts before `before` (for "this and following"). */
export function endSeriesBefore(recurrence: string, before: Date): string {
  return withRulePart(withRulePart(recurrence, 'COUNT', null), 'UNTIL', rruleUtc(new Date(before.getTime() - 1000)));
}
