import type { Translate } from '@aide/i18n';
import type { TasksExtraKey } from '../i18n/tasks-extra';

/** The form's reminder choices, in minutes before the due time: none, at the due time, 5/15/30 min, 1 h, 1 day. */
export const REMINDER_CHOICES = [null, 0, 5, 15, 30, 60, 1440] as const;

/** "No reminder" as a Select value (a Select shows null as empty). */
export const NO_REMINDER = -1;

/** 'At due time', '15 minutes before', '1 hour before', '1 day before'… */
export function reminderLabel(minutes: number | null, t: Translate<TasksExtraKey>): string {
  if (minutes === null) return t('reminder.none');
  if (minutes === 0) return t('reminder.atDue');
  if (minutes % 1440 === 0) return t('reminder.days', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('reminder.hours', { count: minutes / 60 });
  return t('reminder.minutes', { count: minutes });
}
