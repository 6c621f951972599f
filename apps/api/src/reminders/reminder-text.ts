/**
 * The reminders' titles, in English: the server catalogs' keys (libs/contracts/src/i18n), so the
 * bell, the push and the mail read them in the user's language. One key per unit and number form
 * ('1 minute', '{count} minutes'); no sentence is put together from pieces.
 */
type Lead = { unit: 'now' } | { unit: 'minute' | 'hour' | 'day'; count: number };

/** How far ahead, in the largest whole unit: 1440 → 1 day, 90 → 90 minutes, 0 → now. */
export function leadOf(minutes: number): Lead {
  if (minutes <= 0) return { unit: 'now' };
  if (minutes % 1440 === 0) return { unit: 'day', count: minutes / 1440 };
  if (minutes % 60 === 0) return { unit: 'hour', count: minutes / 60 };
  return { unit: 'minute', count: minutes };
}

function phrase(
  lead: Lead,
  now: string,
  one: Record<'minute' | 'hour' | 'day', string>,
  many: Record<'minute' | 'hour' | 'day', string>,
) {
  if (lead.unit === 'now') return now;
  return lead.count === 1 ? one[lead.unit] : many[lead.unit].replace('{count}', String(lead.count));
}

/** 'Team sync starts in 10 minutes', 'Team sync starts now'. */
export function eventReminderTitle(title: string, minutes: number): string {
  return phrase(
    leadOf(minutes),
    '{title} starts now',
    { minute: '{title} starts in 1 minute', hour: '{title} starts in 1 hour', day: '{title} starts in 1 day' },
    {
      minute: '{title} starts in {count} minutes',
      hour: '{title} starts in {count} hours',
      day: '{title} starts in {count} days',
    },
  ).replace('{title}', () => title); // a function: a title's '$&' stays as written
}

/** 'Pay rent is due in 1 hour', 'Pay rent is due now'. */
export function taskReminderTitle(title: string, minutes: number): string {
  return phrase(
    leadOf(minutes),
    '{title} is due now',
    { minute: '{title} is due in 1 minute', hour: '{title} is due in 1 hour', day: '{title} is due in 1 day' },
    {
      minute: '{title} is due in {count} minutes',
      hour: '{title} is due in {count} hours',
      day: '{title} is due in {count} days',
    },
  ).replace('{title}', () => title); // a function: a title's '$&' stays as written
}
