/**
 * Quick add: one line of plain language → an event or a task, with what was understood.
 *
 * How a line is read (the choices the issue left open):
 * - Repeat phrases ("every 1st of the month", "jeden Montag", "毎週月曜") and priority phrases
 *   ("high priority", "urgent", "!high") are ours (repeatPhrases.ts); the date and time are
 *   chrono-node's, in the active language's parser with English as the fallback.
 * - A line with a clock time (or a time range, "3-4pm") is an **event**; it lasts the range or, without
 *   one, **1 hour** (as a new event in the event form). Everything else is a **task**.
 * - A priority makes it a task even with a time (only tasks have priorities); the time is then the due time.
 * - A task's date without a time is **due at 17:00** that day, the time the task form puts on a picked
 *   day, so a task due today is not overdue from midnight on. No date → no due date.
 * - A repeat without a date starts on its first occurrence that is still ahead ("every 1st of the month"
 *   on 26 Nov → due 1 Dec, 17:00); a repeating task always gets a due date (the API needs one).
 * - "at <place>" after the date → the event's location ('en', 'à', 'im', 'で', '在' in the other languages).
 * - "with Sam" stays in the title: it is part of what the event is. Email addresses also fill attendees.
 * - The title is the line without the understood parts and the small words they leave dangling
 *   ("on", "at", "every"...), first letter as typed.
 * - Dates are computed in the profile timezone: chrono reads relative words ("tomorrow", "Friday")
 *   against the wall clock there, and the wall date and time it returns are turned into an instant
 *   with dayjs-tz, so a date across a DST change keeps its clock time.
 */
import type { Chrono, ParsedResult } from 'chrono-node';
import { dayjs } from '../shared/time';
import type { Dayjs } from 'dayjs';
import {
  DANGLING_WORDS,
  LOCATION_PATTERNS,
  PRIORITY_PATTERNS,
  REPEAT_LANGUAGES,
  sharedPriorityPatterns,
  toRuleString,
  WEEKDAYS,
  type Priority,
  type QuickAddLocale,
  type RepeatParts,
} from './repeatPhrases';

export type { QuickAddLocale, Priority, RepeatParts };

/** The chrono parsers to read with: the active language's, and English as the fallback. */
export interface QuickAddParsers {
  local: Chrono;
  en: Chrono;
}

export interface QuickAddOptions {
  now: Date;
  /** The profile's IANA timezone. */
  timezone: string;
  locale: QuickAddLocale;
  parsers: QuickAddParsers;
}

export type UnderstoodKind = 'date' | 'repeat' | 'priority' | 'location' | 'attendee';
/** A piece of the typed text that was understood, to highlight it ([start, end) in the text). */
export interface UnderstoodPart {
  kind: UnderstoodKind;
  start: number;
  end: number;
  text: string;
}

export interface QuickAddDraft {
  kind: 'event' | 'task';
  title: string;
  /** Event: ISO instants. */
  start?: string;
  end?: string;
  /** Task: ISO instant. */
  dueDate?: string;
  location?: string;
  priority?: Priority;
  /** An RRULE value without the 'RRULE:' prefix (libs/contracts/src/recurrence.ts). */
  recurrence?: string;
  /** Repeat parts as read, for a readable summary. */
  repeat?: RepeatParts;
  attendees?: string[];
  /** A date was given (or implied by a repeat): the task's due date / the event's day. */
  hasDate: boolean;
  /** A clock time was given. */
  hasTime: boolean;
  understood: UnderstoodPart[];
}

/** Spec §9 / the event form: a new event lasts an hour. */
export const DEFAULT_EVENT_MINUTES = 60;
/** The task form puts 17:00 on a picked day. */
export const DEFAULT_DUE_TIME = { hour: 17, minute: 0 };
/** An event made from a task-like line (a date without a time) starts at 09:00, as in the event form. */
export const DEFAULT_EVENT_START = { hour: 9, minute: 0 };

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu;

interface Span {
  start: number;
  end: number;
}

/** Blanks a span out of the text (same length, so chrono's indexes stay those of the typed text). */
const blank = (text: string, span: Span) =>
  text.slice(0, span.start) + ' '.repeat(span.end - span.start) + text.slice(span.end);

function findRepeat(text: string, locale: QuickAddLocale): { parts: RepeatParts; span: Span } | null {
  for (const language of locale === 'en' ? [REPEAT_LANGUAGES.en] : [REPEAT_LANGUAGES[locale], REPEAT_LANGUAGES.en]) {
    for (const pattern of language.patterns) {
      const match = pattern.re.exec(text);
      if (!match) continue;
      const parts = pattern.build(match);
      if (!parts) continue;
      return { parts, span: { start: match.index, end: match.index + match[0].length } };
    }
  }
  return null;
}

function findPriority(text: string, locale: QuickAddLocale): { priority: Priority; span: Span } | null {
  const patterns = [
    ...sharedPriorityPatterns(),
    ...PRIORITY_PATTERNS[locale],
    ...(locale === 'en' ? [] : PRIORITY_PATTERNS.en),
  ];
  for (const pattern of patterns) {
    const match = pattern.re.exec(text);
    if (!match) continue;
    const priority = typeof pattern.priority === 'function' ? pattern.priority(match) : pattern.priority;
    if (priority) return { priority, span: { start: match.index, end: match.index + match[0].length } };
  }
  return null;
}

/** Does `day` (a wall date in the zone) fall on the repeat? Frequencies without a day rule match any day. */
function onRepeat(day: Dayjs, parts: RepeatParts): boolean {
  if (parts.byDay?.length) return parts.byDay.includes(WEEKDAYS[(day.day() + 6) % 7]!);
  if (parts.byMonthDay) return day.date() === parts.byMonthDay;
  if (parts.byWeekdayOrdinal) {
    const { ordinal, day: weekday } = parts.byWeekdayOrdinal;
    if (WEEKDAYS[(day.day() + 6) % 7] !== weekday) return false;
    if (ordinal === -1) return day.add(7, 'day').month() !== day.month();
    return Math.ceil(day.date() / 7) === ordinal;
  }
  return true;
}

/** The first day on or after `from` that the repeat falls on (searching a year and a bit). */
function firstRepeatDay(from: Dayjs, parts: RepeatParts, isAhead: (day: Dayjs) => boolean): Dayjs {
  for (let i = 0, day = from; i < 400; i += 1, day = day.add(1, 'day')) {
    if (onRepeat(day, parts) && isAhead(day)) return day;
  }
  return from;
}

/** The wall date and time chrono read, as a dayjs in the zone (built there, so DST is the zone's). */
function wallTime(
  result: ParsedResult['start'],
  timezone: string,
  withTime: boolean,
  fallbackTime: { hour: number; minute: number },
) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${result.get('year')}-${pad(result.get('month')!)}-${pad(result.get('day')!)}`;
  const hour = withTime ? result.get('hour')! : fallbackTime.hour;
  const minute = withTime ? (result.get('minute') ?? 0) : fallbackTime.minute;
  return dayjs.tz(`${date}T${pad(hour)}:${pad(minute)}`, timezone);
}

function readDate(text: string, options: QuickAddOptions): ParsedResult | null {
  const offset = dayjs(options.now).tz(options.timezone).utcOffset();
  // chrono reads "tomorrow", "Friday" against this wall clock; forwardDate: "Friday" is the coming one.
  const reference = { instant: options.now, timezone: offset };
  for (const parser of options.locale === 'en' ? [options.parsers.en] : [options.parsers.local, options.parsers.en]) {
    const [first] = parser.parse(text, reference, { forwardDate: true });
    if (first) return first;
  }
  return null;
}

/** Title: the text without the understood spans and the small words each one leaves dangling. */
function titleWithout(text: string, spans: Span[], locale: QuickAddLocale): string {
  const dangling = new Set(DANGLING_WORDS[locale].concat(locale === 'en' ? [] : DANGLING_WORDS.en));
  const isCjk = locale === 'ja' || locale === 'zh';
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const segments: string[] = [];
  let cursor = 0;
  for (const span of [...sorted, { start: text.length, end: text.length }]) {
    if (span.start < cursor) {
      cursor = Math.max(cursor, span.end);
      continue;
    }
    segments.push(text.slice(cursor, span.start));
    cursor = span.end;
  }
  const cleaned = segments.map((segment, index) => {
    let words = segment;
    // Trailing small words before a removed part ("Dentist on [12/3]"), leading ones after one ("[…] at Nopa" is taken as a place before this).
    const trimEnd = () => {
      for (let changed = true; changed;) {
        changed = false;
        const trimmed = words.replace(/\s+$/u, '');
        for (const word of dangling) {
          const boundary = isCjk || word.length === 1 ? '' : '\\s';
          const m = new RegExp(`(^|${boundary})${escape(word)}$`, 'iu').exec(trimmed);
          if (m && (isCjk || m[1] !== '' || trimmed.length === word.length || word === ',')) {
            words = trimmed.slice(0, trimmed.length - word.length);
            changed = true;
            break;
          }
        }
        if (!changed) words = trimmed;
      }
    };
    const trimStart = () => {
      for (let changed = true; changed;) {
        changed = false;
        const trimmed = words.replace(/^\s+/u, '');
        for (const word of dangling) {
          const after = trimmed.slice(word.length);
          if (trimmed.toLowerCase().startsWith(word) && (isCjk || word === ',' || after === '' || /^\s/u.test(after))) {
            words = after;
            changed = true;
            break;
          }
        }
        if (!changed) words = trimmed;
      }
    };
    if (index < segments.length - 1 || segments.length > 1) trimEnd();
    if (index > 0) trimStart();
    return words.trim();
  });
  let title = cleaned.filter(Boolean).join(isCjk ? '' : ' ');
  title = title.replace(/\s{2,}/gu, ' ').replace(/^[\s,;:–-]+|[\s,;:–-]+$/gu, '');
  return title;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Reads one line of quick add. Pure: the same text, clock, zone and language give the same draft. */
export function parseQuickAdd(text: string, options: QuickAddOptions): QuickAddDraft {
  const { timezone, locale } = options;
  const now = dayjs(options.now).tz(timezone);
  const understood: UnderstoodPart[] = [];
  const spans: Span[] = [];
  const note = (kind: UnderstoodKind, span: Span) => {
    understood.push({ kind, ...span, text: text.slice(span.start, span.end) });
    spans.push(span);
  };

  let masked = text;
  const repeat = findRepeat(masked, locale);
  if (repeat) {
    note('repeat', repeat.span);
    masked = blank(masked, repeat.span);
  }
  const priority = findPriority(masked, locale);
  if (priority) {
    note('priority', priority.span);
    masked = blank(masked, priority.span);
  }
  const attendees = [...text.matchAll(EMAIL)].map((m) => m[0]);
  for (const m of masked.matchAll(EMAIL)) masked = blank(masked, { start: m.index, end: m.index + m[0].length });

  const parsed = readDate(masked, options);
  const hasTime = Boolean(parsed?.start.isCertain('hour'));
  const hasDay = Boolean(parsed && (parsed.start.isCertain('day') || parsed.start.isCertain('weekday')));
  // "in 2 hours": chrono already knows the instant (it carries the offset); use it as it is.
  const relative = Boolean(parsed?.start.isCertain('timezoneOffset'));
  let location: string | undefined;
  if (parsed) {
    const dateSpan = { start: parsed.index, end: parsed.index + parsed.text.length };
    note('date', dateSpan);
    // A place after the date: "… tomorrow 1pm at Nopa" (up to the next understood part or the end).
    const next = Math.min(text.length, ...spans.filter((s) => s.start >= dateSpan.end).map((s) => s.start));
    const tail = text.slice(dateSpan.end, next);
    const place =
      hasTime && !priority ? (LOCATION_PATTERNS[locale].exec(tail) ?? LOCATION_PATTERNS.en.exec(tail)) : null;
    if (place?.[1]) {
      location = place[1];
      const lead = tail.length - tail.trimStart().length;
      note('location', { start: dateSpan.end + lead, end: dateSpan.end + tail.trimEnd().length });
    }
  }
  for (const m of text.matchAll(EMAIL))
    understood.push({ kind: 'attendee', start: m.index, end: m.index + m[0].length, text: m[0] });

  const kind: QuickAddDraft['kind'] = hasTime && !priority ? 'event' : 'task';
  const draft: QuickAddDraft = {
    kind,
    title: titleWithout(text, spans, locale),
    hasDate: hasDay || hasTime || Boolean(repeat),
    hasTime,
    understood: understood.sort((a, b) => a.start - b.start),
  };
  if (priority) draft.priority = priority.priority;
  if (location) draft.location = location;
  if (attendees.length) draft.attendees = attendees;
  if (repeat) {
    draft.repeat = repeat.parts;
    draft.recurrence = toRuleString(repeat.parts);
  }

  // The first moment: what chrono read, or the repeat's first day still ahead.
  const time = hasTime
    ? { hour: parsed!.start.get('hour')!, minute: parsed!.start.get('minute') ?? 0 }
    : kind === 'event'
      ? DEFAULT_EVENT_START
      : DEFAULT_DUE_TIME;
  let start: Dayjs | null = null;
  if (parsed && relative) start = dayjs(parsed.start.date()).tz(timezone);
  else if (parsed && (hasDay || !repeat)) start = wallTime(parsed.start, timezone, hasTime, time);
  if (repeat && !(parsed && (hasDay || relative))) {
    const at = (day: Dayjs) =>
      dayjs.tz(
        `${day.format('YYYY-MM-DD')}T${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`,
        timezone,
      );
    const day = firstRepeatDay(now.startOf('day'), repeat.parts, (d) => at(d).isAfter(now));
    start = at(day);
  }
  if (!start) return draft;

  if (kind === 'event') {
    draft.start = start.toISOString();
    let end: Dayjs | null = null;
    if (parsed?.end?.isCertain('hour')) {
      end = wallTime(parsed.end, timezone, true, time);
      // "10pm-1am": the end is on the next day.
      if (!end.isAfter(start)) end = end.add(1, 'day');
    }
    draft.end = (end ?? start.add(DEFAULT_EVENT_MINUTES, 'minute')).toISOString();
  } else {
    draft.dueDate = start.toISOString();
  }
  return draft;
}

/**
 * The same line as the other kind (the preview's Event/Task switch): a task's due time becomes the
 * event's start (09:00 on a date without a time; the next whole hour when there is no date), an
 * event's start becomes the task's due date.
 */
export function asKind(
  draft: QuickAddDraft,
  kind: QuickAddDraft['kind'],
  { now, timezone }: { now: Date; timezone: string },
): QuickAddDraft {
  if (draft.kind === kind) return draft;
  const { start, end, dueDate, location, attendees, ...rest } = draft;
  if (kind === 'task') {
    const next: QuickAddDraft = { ...rest, kind };
    if (start) next.dueDate = start;
    return next;
  }
  let from: Dayjs;
  if (dueDate && draft.hasTime) from = dayjs(dueDate).tz(timezone);
  // Built from the wall date in the zone: setting hours on a zoned dayjs can land an hour off across DST.
  else if (dueDate) from = dayjs.tz(`${dayjs(dueDate).tz(timezone).format('YYYY-MM-DD')}T09:00`, timezone);
  else from = dayjs(now).tz(timezone).add(1, 'hour').startOf('hour');
  const next: QuickAddDraft = {
    ...rest,
    kind,
    start: from.toISOString(),
    end: from.add(DEFAULT_EVENT_MINUTES, 'minute').toISOString(),
  };
  delete next.priority;
  if (location) next.location = location;
  if (attendees) next.attendees = attendees;
  return next;
}
