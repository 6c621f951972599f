/**
 * A repeat rule as a sentence in the active language: "Every 2 weeks on Mon and Wed, until Jun 30",
 * "Monthly on the last Friday", "Every day, 10 times". Each shape is one ICU message (the repeat
 * catalog); weekday names and dates come from Intl, so nothing English is glued together.
 */
import { parseRepeatRule, WEEKDAYS, type RepeatRule, type Weekday } from '@aide/contracts';
import { getLocale, INTL_TAGS, type Translate } from '@aide/i18n';
import type { Dayjs } from 'dayjs';
import { DATE_KEY_FORMAT, dayjs, formatDay } from '../time';
import { t as repeatT, type RepeatTextKey } from '../../i18n/repeat';
import { ORDINAL_NAMES, weekdayName, weekdayOf } from './weekdays';

type RepeatTranslate = Translate<RepeatTextKey>;

const WORKWEEK: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** The zone a dayjs was put in with `.tz()` / `dayjs.tz()` (the plugin keeps it on the instance). */
const zoneOf = (date: Dayjs): string | undefined => (date as unknown as { $x?: { $timezone?: string } }).$x?.$timezone;

/**
 * The last day an UNTIL with a time still includes, in the start's zone: a series cut before an
 * occurrence ends at 08:59:59Z before a 09:00 occurrence, so that day is no longer in it. (The editor
 * writes UNTIL as a date, which includes its whole day; kept as it was, the cut day would come back.)
 */
function lastIncludedDay(rule: string, start: Dayjs): string | null {
  const match = /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)/i.exec(rule);
  if (!match) return null;
  const [, y, mo, d, h, mi, se, utc] = match;
  const wall = `${y}-${mo}-${d}T${h}:${mi}:${se}`;
  const zone = zoneOf(start);
  const instant = utc ? dayjs.utc(`${wall}Z`) : zone ? dayjs.tz(wall, zone) : dayjs(wall);
  const local = zone ? instant.tz(zone) : instant.utcOffset(start.utcOffset());
  const secondsOf = (t: Dayjs) => t.hour() * 3600 + t.minute() * 60 + t.second();
  const day = secondsOf(local) < secondsOf(start) ? local.subtract(1, 'day') : local;
  return day.format(DATE_KEY_FORMAT);
}

/**
 * The structured rule when the editor can show and change it faithfully, else null (a synced rule
 * with BYSETPOS, several month days, a day counted from the month's end …): those stay read-only.
 * With `start`, an UNTIL with a time becomes the last day it includes (see lastIncludedDay).
 */
export function editableRule(rule: string | null | undefined, start?: Dayjs): RepeatRule | null {
  if (!rule) return null;
  const parsed = parseRepeatRule(rule);
  if (!parsed) return null;
  if (parsed.monthDay !== undefined && parsed.monthDay < 1) return null;
  const lastDay = start && parsed.end.type === 'until' ? lastIncludedDay(rule, start) : null;
  return lastDay ? { ...parsed, end: { type: 'until', date: lastDay } } : parsed;
}

/** 'Mon and Wed' · 'lun y mié' · '月、水': a list in the active language's way. */
function dayList(days: readonly Weekday[]): string {
  const names = WEEKDAYS.filter((d) => days.includes(d)).map((d) => weekdayName(d, 'short'));
  return new Intl.ListFormat(INTL_TAGS[getLocale()], { type: 'conjunction', style: 'long' }).format(names);
}

/** 'fourth Thursday' · 'cuarto jueves' · '第4木曜日' (the article, if any, belongs to the sentence around it). */
export function ordinalWeekday(ordinal: number, day: Weekday, t: RepeatTranslate = repeatT): string {
  return t('ordinal.weekday', { ordinal: ORDINAL_NAMES[ordinal] ?? 'last', weekday: weekdayName(day, 'long') });
}

function baseSentence(rule: RepeatRule, start: Dayjs, t: RepeatTranslate): string {
  const interval = rule.interval;
  switch (rule.freq) {
    case 'DAILY':
      return t('summary.daily', { interval });
    case 'WEEKLY': {
      const days = rule.weekdays.length ? rule.weekdays : [weekdayOf(start)];
      if (interval === 1 && days.length === WORKWEEK.length && WORKWEEK.every((d) => days.includes(d)))
        return t('summary.weekdays');
      return t('summary.weekly', { interval, days: dayList(days) });
    }
    case 'MONTHLY':
      if (rule.monthly === 'weekday' && rule.ordinal && rule.ordinalDay)
        return t('summary.monthlyWeekday', { interval, which: ordinalWeekday(rule.ordinal, rule.ordinalDay, t) });
      return t('summary.monthlyDay', { interval, day: rule.monthDay ?? start.date() });
    case 'YEARLY':
      return t('summary.yearly', {
        interval,
        date: formatDay(start.format(DATE_KEY_FORMAT), { month: 'long', day: 'numeric' }),
      });
  }
}

/** The end date, with its year only when it is not the start's year. */
function untilDate(date: string, start: Dayjs): string {
  const sameYear = date.slice(0, 4) === start.format('YYYY');
  return formatDay(
    date,
    sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' },
  );
}

/** The RRULE parts a rule the editor cannot show still tells: its frequency and how it ends. */
function roughRule(rule: string): { freq: string; count?: number; until?: string } {
  const part = (name: string) => new RegExp(`(?:^|;)${name}=([^;]+)`, 'i').exec(rule.replace(/^RRULE:/i, ''))?.[1];
  const until = part('UNTIL');
  return {
    freq: (part('FREQ') ?? 'YEARLY').toUpperCase(),
    count: part('COUNT') ? Number(part('COUNT')) : undefined,
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : undefined,
  };
}

/**
 * The sentence for `rule` (an RRULE value, or null for "Does not repeat"). `start` is the first
 * occurrence's start in the profile timezone: a rule that leaves the day out repeats on the start's
 * weekday or day of the month, and the sentence names it. `t` defaults to the repeat catalog's.
 */
export function repeatSummary(rule: string | null | undefined, start: Dayjs, t: RepeatTranslate = repeatT): string {
  if (!rule) return t('summary.none');
  const parsed = editableRule(rule, start);
  if (!parsed) {
    const rough = roughRule(rule);
    const sentence = t('summary.custom', { freq: rough.freq });
    if (rough.count) return t('summary.count', { rule: sentence, count: rough.count });
    if (rough.until) return t('summary.until', { rule: sentence, date: untilDate(rough.until, start) });
    return sentence;
  }
  const sentence = baseSentence(parsed, start, t);
  if (parsed.end.type === 'count') return t('summary.count', { rule: sentence, count: parsed.end.count });
  if (parsed.end.type === 'until')
    return t('summary.until', { rule: sentence, date: untilDate(parsed.end.date, start) });
  return sentence;
}
