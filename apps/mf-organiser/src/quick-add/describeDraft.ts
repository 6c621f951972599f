/** The preview's words for when a draft is, in the active language (how it repeats: shared/repeat's repeatSummary). */
import { dateKey, formatInZone, clockTime, dayjs } from '../shared/time';
import type { QuickAddDraft } from './parseQuickAdd';
import { t } from '../i18n/quickadd';

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
