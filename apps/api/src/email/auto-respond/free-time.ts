import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { dayLabel, timeLabel } from '../../suggestions/mail-dates/mail-dates';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

/**
 * The person's free time, for the meeting auto-reply (issue 26): their working hours less their
 * calendar's events, as sentences that name real slots. Pure functions.
 *
 * The profile has no working-hours setting, so the working hours are 09:00–17:00, Monday to
 * Friday, in the profile timezone (WORKING_HOURS).
 */

export interface Interval {
  start: Date;
  end: Date;
}

export interface WorkingHours {
  /** ISO weekdays worked: 1 = Monday … 7 = Sunday. */
  days: ReadonlySet<number>;
  /** Minutes after midnight, wall time in the profile timezone. */
  from: number;
  to: number;
}

export const WORKING_HOURS: WorkingHours = { days: new Set([1, 2, 3, 4, 5]), from: 9 * 60, to: 17 * 60 };
/** A slot offered is at least this long: time for a meeting. */
export const MIN_SLOT_MINUTES = 60;
/** How far ahead free time is looked for. */
export const LOOK_AHEAD_DAYS = 14;
/** How many slots a reply offers (one a day). */
export const SLOTS_OFFERED = 3;

/**
 * Free windows of at least MIN_SLOT_MINUTES inside working hours, from `from` (rounded up to the
 * next full hour: nobody is offered "now") over LOOK_AHEAD_DAYS, in time order.
 */
export function freeWindows(
  busy: readonly Interval[],
  from: Date,
  timezone: string,
  hours: WorkingHours = WORKING_HOURS,
): Interval[] {
  const earliest = dayjs(from).tz(timezone).add(59, 'minute').startOf('hour').valueOf();
  const sorted = [...busy].sort((a, b) => a.start.getTime() - b.start.getTime());
  const windows: Interval[] = [];
  const firstDay = dayjs(from).tz(timezone).format('YYYY-MM-DD');
  for (let offset = 0; offset < LOOK_AHEAD_DAYS; offset++) {
    const date = dayjs.tz(`${firstDay}T12:00`, timezone).add(offset, 'day');
    const weekday = date.day() === 0 ? 7 : date.day();
    if (!hours.days.has(weekday)) continue;
    const day = date.format('YYYY-MM-DD');
    const at = (minutes: number) =>
      dayjs
        .tz(
          `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
          timezone,
        )
        .valueOf();
    let cursor = Math.max(at(hours.from), earliest);
    const close = at(hours.to);
    for (const event of sorted) {
      if (cursor >= close) break;
      const start = event.start.getTime();
      const end = event.end.getTime();
      if (end <= cursor || start >= close) continue;
      if (start - cursor >= MIN_SLOT_MINUTES * 60_000) windows.push({ start: new Date(cursor), end: new Date(start) });
      cursor = Math.max(cursor, end);
    }
    if (close - cursor >= MIN_SLOT_MINUTES * 60_000) windows.push({ start: new Date(cursor), end: new Date(close) });
  }
  return windows;
}

/** Whether `slot` lies inside working hours and meets no event. */
export function isFree(
  busy: readonly Interval[],
  slot: Interval,
  timezone: string,
  hours: WorkingHours = WORKING_HOURS,
): boolean {
  const start = dayjs(slot.start).tz(timezone);
  const end = dayjs(slot.end).tz(timezone);
  const weekday = start.day() === 0 ? 7 : start.day();
  const minutes = (time: dayjs.Dayjs) => time.hour() * 60 + time.minute();
  if (!hours.days.has(weekday) || !start.isSame(end.subtract(1, 'minute'), 'day')) return false;
  if (minutes(start) < hours.from || minutes(end) > hours.to || minutes(end) <= minutes(start)) return false;
  return !busy.some((event) => event.start < slot.end && event.end > slot.start);
}

/**
 * The slots to offer: the first free window of each day, SLOTS_OFFERED days at most; with `near`
 * (a time proposed that is not free), the days nearest to it first, then told in time order.
 */
export function slotsToOffer(windows: readonly Interval[], timezone: string, near?: Date): Interval[] {
  const firstOfDay = new Map<string, Interval>();
  for (const window of windows) {
    const day = dayjs(window.start).tz(timezone).format('YYYY-MM-DD');
    if (!firstOfDay.has(day)) firstOfDay.set(day, window);
  }
  let days = [...firstOfDay.values()];
  if (near) {
    const distance = (window: Interval) =>
      Math.min(Math.abs(window.start.getTime() - near.getTime()), Math.abs(window.end.getTime() - near.getTime()));
    days = [...days].sort((a, b) => distance(a) - distance(b));
  }
  return days.slice(0, SLOTS_OFFERED).sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** "on Tuesday 1 December from 14:00 to 16:00" */
function slotPhrase(slot: Interval, timezone: string): string {
  return `on ${dayLabel(slot.start, timezone)} from ${timeLabel(slot.start, timezone)} to ${timeLabel(slot.end, timezone)}`;
}

/** "a", "a and b", "a, b and c" */
function list(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * What the meeting auto-reply says of the person's time, or null when there is nothing true to say
 * (no free slot in LOOK_AHEAD_DAYS): a proposed time that is free suits; one that is not gets the
 * free slots nearest to it; without a proposal, the next free slots.
 */
export function availabilityText(input: {
  busy: readonly Interval[];
  /** When the reply is written: no slot before it. */
  now: Date;
  timezone: string;
  /** The times the message proposes, in its order. */
  proposed: readonly Interval[];
  hours?: WorkingHours;
}): string | null {
  const { busy, now, timezone, hours = WORKING_HOURS } = input;
  const proposed = input.proposed.filter((slot) => slot.start > now);
  const suits = proposed.find((slot) => isFree(busy, slot, timezone, hours));
  if (suits) {
    return `${dayLabel(suits.start, timezone)} at ${timeLabel(suits.start, timezone)} (${timezone} time) suits me.`;
  }
  const slots = slotsToOffer(freeWindows(busy, now, timezone, hours), timezone, proposed[0]?.start);
  if (slots.length === 0) return null;
  const free = `I am free ${list(slots.map((slot) => slotPhrase(slot, timezone)))} (${timezone} time).`;
  if (proposed.length === 0) return free;
  const first = proposed[0].start;
  return `I am not available on ${dayLabel(first, timezone)} at ${timeLabel(first, timezone)}, but ${free}`;
}
