/** The preview's words for a draft: when, how it repeats, its priority, in the active language. */
import { dateKey, formatInZone, clockTime, dayjs } from '../shared/time';
import type { QuickAddDraft, RepeatParts } from './parseQuickAdd';
import { WEEKDAYS, type Weekday } from './repeatPhrases';
import { t } from '../i18n/quickadd';
import { getLocale, INTL_TAGS } from '@aide/i18n';

/** 'Today', 'Tomorrow', else 'Fri, 4 Dec' the active language's way, in the profile zone. */
export function dayLabel(instant: string, timezone: string, now: Date): string {
  const key = dateKey(instant, timezone);
  const today = dayjs(now).tz(timezone);
  if (key === today.format('YYYY-MM-DD')) return t('day.today');
  if (key === today.add(1, 'day').format('YYYY-MM-DD')) return t('day.tomorrow');
  return formatInZone(instant, timezone, { weekday: 'short', day: 'numeric', month: 'short' });
}

/** 'Tomorrow 13:00–14:00' · 'Due Friday' · 'Due Friday 10:00' · 'No due date'. */
export function whenLabel(draft: QuickAddDraft, timezone: string, now: Date): string {
  if (draft.kind === 'event' && draft.start && draft.end) {
    return t('when.event', {
      day: dayLabel(draft.start, timezone, now),
      start: clockTime(draft.start, timezone),
      end: clockTime(draft.end, timezone),
    });
  }
  if (!draft.dueDate) return t('when.noDate');
  const day = dayLabel(draft.dueDate, timezone, now);
  return draft.hasTime ? t('when.dueAt', { day, time: clockTime(draft.dueDate, timezone) }) : t('when.due', { day });
}

/** A weekday's name in the active language ('Monday', 'lundi', '月曜日'), short when listing several. */
function weekdayName(day: Weekday, style: 'long' | 'short'): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));
  return new Intl.DateTimeFormat(INTL_TAGS[getLocale()], { weekday: style, timeZone: 'UTC' }).format(date);
}

/**
 * 'Every month on day 1', 'Every 2 weeks on Mon, Wed', 'Every month on the last Friday'. Our own
 * short summary of the rule as quick add reads it (the calendar's repeat summary was not on main
 * when this was written).
 */
export function repeatLabel(parts: RepeatParts): string {
  const interval = parts.interval ?? 1;
  switch (parts.freq) {
    case 'DAILY':
      return t('repeat.daily', { interval });
    case 'WEEKLY': {
      if (!parts.byDay?.length) return t('repeat.weekly', { interval });
      if (interval === 1 && parts.byDay.join() === 'MO,TU,WE,TH,FR') return t('repeat.weekdays');
      const style = parts.byDay.length > 2 ? 'short' : 'long';
      const days = new Intl.ListFormat(INTL_TAGS[getLocale()], { type: 'conjunction', style: 'narrow' }).format(
        parts.byDay.map((day) => weekdayName(day, style)),
      );
      return t('repeat.weeklyOn', { interval, days });
    }
    case 'MONTHLY':
      if (parts.byMonthDay) return t('repeat.monthlyOnDay', { interval, day: parts.byMonthDay });
      if (parts.byWeekdayOrdinal)
        return t('repeat.monthlyOnWeekday', {
          interval,
          ordinal: String(parts.byWeekdayOrdinal.ordinal),
          weekday: weekdayName(parts.byWeekdayOrdinal.day, 'long'),
        });
      return t('repeat.monthly', { interval });
    case 'YEARLY':
      return t('repeat.yearly', { interval });
  }
}
