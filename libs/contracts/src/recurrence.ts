import { z } from 'zod';

/**
 * Repeating events and tasks carry an RFC 5545 RRULE value, stored and sent without the `RRULE:`
 * prefix (e.g. `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270630T225959Z`), so a rule from a CalDAV
 * server, Google or Outlook round-trips unchanged. The forms edit the structured `RepeatRule` instead;
 * parseRepeatRule/formatRepeatRule convert between the two.
 */
export const REPEAT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** RFC 5545 weekday codes, Monday first (the order the editor shows them in). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const RECURRENCE_LIMITS = { rule: 500, interval: 999, count: 1000 } as const;

/** Where a repeat stops: never, after a date (inclusive, in the series' timezone), or after N occurrences. */
export type RepeatEnd = { type: 'never' } | { type: 'until'; date: string } | { type: 'count'; count: number };

/** What the repeat editor edits. `monthly` says how a monthly rule picks its day: the start's date or its weekday. */
export interface RepeatRule {
  freq: RepeatFrequency;
  interval: number;
  /** WEEKLY: the days it repeats on (empty = the start's weekday). */
  weekdays: Weekday[];
  monthly: 'date' | 'weekday';
  /** MONTHLY by weekday: which one (1–4, or -1 for the last) and on which day; otherwise taken from the start. */
  ordinal?: number;
  ordinalDay?: Weekday;
  /** MONTHLY by date: the day of the month (otherwise the start's). */
  monthDay?: number;
  end: RepeatEnd;
}

const PART_NAMES = [
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'COUNT',
  'UNTIL',
  'WKST',
] as const;
const DAY_PATTERN = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const UNTIL_PATTERN = /^\d{8}(T\d{6}Z?)?$/;

/** The rule's parts as a map (upper-cased keys), or a reason it cannot be one. */
function splitRule(rule: string): Map<string, string> | string {
  const parts = new Map<string, string>();
  for (const piece of rule.split(';')) {
    if (!piece) continue;
    const [key, value, extra] = piece.split('=');
    if (!key || value === undefined || extra !== undefined || !value) return `“${piece}” is not a NAME=VALUE part`;
    const name = key.toUpperCase();
    if (parts.has(name)) return `${name} appears twice`;
    parts.set(name, value.toUpperCase());
  }
  return parts;
}

const inRange = (value: string, min: number, max: number) => {
  if (!/^[+-]?\d+$/.test(value)) return false;
  const n = Number(value);
  return n >= min && n <= max && n !== 0;
};

/** Why a rule is not one we can repeat by, or null when it is fine. Messages are the API's 400 texts. */
export function recurrenceProblem(rule: string): string | null {
  if (rule.length > RECURRENCE_LIMITS.rule) return `Repeat rule must be at most ${RECURRENCE_LIMITS.rule} characters`;
  const parts = splitRule(rule.replace(/^RRULE:/i, ''));
  if (typeof parts === 'string') return 'Repeat rule is not a valid RRULE';
  const freq = parts.get('FREQ');
  if (!freq) return 'Repeat rule needs a frequency';
  if (!(REPEAT_FREQUENCIES as readonly string[]).includes(freq)) {
    return 'Repeat frequency must be daily, weekly, monthly or yearly';
  }
  for (const name of parts.keys()) {
    if (!(PART_NAMES as readonly string[]).includes(name)) return 'Repeat rule is not a valid RRULE';
  }
  const interval = parts.get('INTERVAL');
  if (interval !== undefined && !inRange(interval, 1, RECURRENCE_LIMITS.interval)) {
    return `Repeat interval must be between 1 and ${RECURRENCE_LIMITS.interval}`;
  }
  const count = parts.get('COUNT');
  if (count !== undefined && !inRange(count, 1, RECURRENCE_LIMITS.count)) {
    return `Repeat count must be between 1 and ${RECURRENCE_LIMITS.count}`;
  }
  const until = parts.get('UNTIL');
  if (until !== undefined && !UNTIL_PATTERN.test(until)) return 'Repeat end date must be a valid date';
  if (count !== undefined && until !== undefined)
    return 'A repeat ends either on a date or after a number of times, not both';
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined && !byDay.split(',').every((d) => DAY_PATTERN.test(d)))
    return 'Repeat rule is not a valid RRULE';
  const lists: [string, number, number][] = [
    ['BYMONTHDAY', -31, 31],
    ['BYMONTH', 1, 12],
    ['BYSETPOS', -366, 366],
  ];
  for (const [name, min, max] of lists) {
    const value = parts.get(name);
    if (value !== undefined && !value.split(',').every((v) => inRange(v, min, max)))
      return 'Repeat rule is not a valid RRULE';
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined && !(WEEKDAYS as readonly string[]).includes(wkst)) return 'Repeat rule is not a valid RRULE';
  return null;
}

/** A repeat rule in a request: a valid RRULE value (an `RRULE:` prefix is dropped, parts upper-cased). */
export const recurrenceRuleSchema = z
  .string({ error: 'Repeat rule must be text' })
  .trim()
  .superRefine((rule, ctx) => {
    const problem = recurrenceProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((rule) => rule.replace(/^RRULE:/i, '').toUpperCase());

/** 'YYYY-MM-DD' from an UNTIL value (the date part; a UTC time is read as that date). */
const untilDate = (until: string) => `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;

/**
 * The structured form of a rule, or null when the editor cannot show it faithfully (a synced rule
 * with BYSETPOS, several month days and so on): the UI then shows it read-only.
 */
export function parseRepeatRule(rule: string): RepeatRule | null {
  const parts = splitRule(rule.replace(/^RRULE:/i, '').toUpperCase());
  if (typeof parts === 'string' || recurrenceProblem(rule)) return null;
  if (parts.has('BYSETPOS') || parts.has('BYMONTH')) return null;
  const freq = parts.get('FREQ') as RepeatFrequency;
  const days = parts.get('BYDAY')?.split(',') ?? [];
  const monthDays = parts.get('BYMONTHDAY')?.split(',') ?? [];
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  const end: RepeatEnd = count
    ? { type: 'count', count: Number(count) }
    : until
      ? { type: 'until', date: untilDate(until) }
      : { type: 'never' };
  const result: RepeatRule = { freq, interval: Number(parts.get('INTERVAL') ?? 1), weekdays: [], monthly: 'date', end };
  if (freq === 'WEEKLY') {
    if (monthDays.length || days.some((d) => !(WEEKDAYS as readonly string[]).includes(d))) return null;
    result.weekdays = WEEKDAYS.filter((d) => days.includes(d));
    return result;
  }
  if (freq === 'MONTHLY') {
    if (days.length && monthDays.length) return null;
    if (monthDays.length > 1 || days.length > 1) return null;
    if (days.length === 1) {
      const match = DAY_PATTERN.exec(days[0]);
      const ordinal = Number(match?.[1] ?? NaN);
      if (!match || !(ordinal === -1 || (ordinal >= 1 && ordinal <= 4))) return null;
      return { ...result, monthly: 'weekday', ordinal, ordinalDay: match[2] as Weekday };
    }
    if (monthDays.length === 1) return { ...result, monthDay: Number(monthDays[0]) };
    return result;
  }
  // DAILY and YEARLY: the editor offers no day choices, so any BY part makes it custom.
  return days.length || monthDays.length ? null : result;
}

/**
 * The RRULE value for a structured rule. An until date ends the series at the end of that day:
 * `UNTIL` is written as that date (a DATE value), which RFC 5545 reads as inclusive.
 */
export function formatRepeatRule(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.freq === 'WEEKLY' && rule.weekdays.length) {
    parts.push(`BYDAY=${WEEKDAYS.filter((d) => rule.weekdays.includes(d)).join(',')}`);
  }
  if (rule.freq === 'MONTHLY') {
    if (rule.monthly === 'weekday' && rule.ordinal && rule.ordinalDay)
      parts.push(`BYDAY=${rule.ordinal}${rule.ordinalDay}`);
    else if (rule.monthly === 'date' && rule.monthDay) parts.push(`BYMONTHDAY=${rule.monthDay}`);
  }
  if (rule.end.type === 'count') parts.push(`COUNT=${rule.end.count}`);
  if (rule.end.type === 'until') parts.push(`UNTIL=${rule.end.date.replaceAll('-', '')}`);
  return parts.join(';');
}

/** How a change to one occurrence of a repeating event applies (RFC 5545 RECURRENCE-ID / THISANDFUTURE). */
export const OCCURRENCE_SCOPES = ['this', 'following', 'all'] as const;
export type OccurrenceScope = (typeof OCCURRENCE_SCOPES)[number];

/**
 * ?scope=&occurrence= on PATCH/DELETE /api/events/:id. `occurrence` is the occurrence's original
 * start; a series needs it for 'this' and 'following' (a moved occurrence's own id names it already).
 */
export const occurrenceScopeSchema = z.object({
  scope: z.enum(OCCURRENCE_SCOPES, { error: 'Scope must be one of this, following or all' }).default('all'),
  occurrence: z.iso
    .datetime({ offset: true, error: 'Occurrence must be a valid date and time (ISO 8601 with a zone)' })
    .optional(),
});
export const OCCURRENCE_REQUIRED = 'Say which occurrence to change';
export type OccurrenceScopeQuery = z.output<typeof occurrenceScopeSchema>;

/** Reminder offsets, in minutes before the start (0 = at the start); at most four weeks. */
export const REMINDER_LIMITS = { minutes: 40_320, perEvent: 5 } as const;
export const reminderMinutesSchema = z
  .number({ error: 'Reminder must be a number of minutes' })
  .int('Reminder must be a whole number of minutes')
  .min(0, 'Reminder must not be after the start')
  .max(REMINDER_LIMITS.minutes, 'Reminder must be at most four weeks before');
