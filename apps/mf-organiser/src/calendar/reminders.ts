/** The event form's reminder choices and how a reminder reads ("10 minutes before", "1 day before"). */
import { getLocale, INTL_TAGS } from '@aide/i18n';
import { t } from '../i18n/calendar-extra';

/** Minutes before the start the Reminder select offers (0 = at the start). */
export const REMINDER_CHOICES = [0, 5, 10, 15, 30, 60, 1440] as const;

/** The select's value for a reminders list: 'default' (null: the profile's), 'none' ([]), or '10' / '10,60'. */
export type ReminderKey = string;
export const DEFAULT_REMINDER: ReminderKey = 'default';
export const NO_REMINDER: ReminderKey = 'none';

export function reminderKey(reminders: readonly number[] | null | undefined): ReminderKey {
  if (reminders == null) return DEFAULT_REMINDER;
  if (reminders.length === 0) return NO_REMINDER;
  return [...reminders].sort((a, b) => a - b).join(',');
}

export function remindersOf(key: ReminderKey): number[] | null {
  if (key === DEFAULT_REMINDER) return null;
  if (key === NO_REMINDER) return [];
  return key.split(',').map(Number);
}

/** One reminder as words: 'At start time', '15 minutes before', '1 hour before', '2 days before'. */
export function reminderText(minutes: number): string {
  if (minutes === 0) return t('reminder.atStart');
  if (minutes % 1440 === 0) return t('reminder.days', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('reminder.hours', { count: minutes / 60 });
  return t('reminder.minutes', { count: minutes });
}

/** A list of reminders (a synced event may have several), in the language's list style. */
export function remindersText(reminders: readonly number[]): string {
  const texts = [...reminders].sort((a, b) => a - b).map(reminderText);
  return new Intl.ListFormat(INTL_TAGS[getLocale()], { type: 'conjunction' }).format(texts);
}

/**
 * The Reminder select's options: the profile's default (named with what it is), none, and the usual
 * offsets, plus the event's own when it is something else (a synced event's 10 and 60 minutes).
 */
export function reminderOptions(
  profileDefault: number | null,
  current: readonly number[] | null,
): { value: ReminderKey; label: string }[] {
  const options = [
    {
      value: DEFAULT_REMINDER,
      label:
        profileDefault === null
          ? t('reminder.defaultNone')
          : t('reminder.default', { when: reminderText(profileDefault) }),
    },
    { value: NO_REMINDER, label: t('reminder.none') },
    ...REMINDER_CHOICES.map((minutes) => ({ value: String(minutes), label: reminderText(minutes) })),
  ];
  const key = reminderKey(current);
  if (current && !options.some((o) => o.value === key)) options.push({ value: key, label: remindersText(current) });
  return options;
}
