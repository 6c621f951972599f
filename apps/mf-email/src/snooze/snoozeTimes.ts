/** The quick snooze choices (issue 24): when each wakes, computed in the browser's own time zone. */
export type SnoozeChoice = 'laterToday' | 'tomorrow' | 'weekend' | 'nextWeek';

/** Mornings start here: Tomorrow, This weekend and Next week wake at 8:00. */
const MORNING_HOUR = 8;
const LATER_TODAY_HOURS = 3;

const atMorning = (day: Date, addDays: number) => {
  const next = new Date(day);
  next.setDate(next.getDate() + addDays);
  next.setHours(MORNING_HOUR, 0, 0, 0);
  return next;
};

/**
 * Later today: 3 hours on (whole minutes); Tomorrow: 8:00 tomorrow; This weekend: Saturday 8:00
 * (left out on a Saturday or Sunday, when it would be next week's); Next week: Monday 8:00.
 */
export function snoozeChoices(now: Date = new Date()): Array<{ choice: SnoozeChoice; until: Date }> {
  const later = new Date(now.getTime() + LATER_TODAY_HOURS * 3_600_000);
  later.setSeconds(0, 0);
  const day = now.getDay(); // 0 Sunday … 6 Saturday
  const choices: Array<{ choice: SnoozeChoice; until: Date }> = [
    { choice: 'laterToday', until: later },
    { choice: 'tomorrow', until: atMorning(now, 1) },
  ];
  if (day >= 1 && day <= 5) choices.push({ choice: 'weekend', until: atMorning(now, 6 - day) });
  choices.push({ choice: 'nextWeek', until: atMorning(now, (8 - day) % 7 || 7) });
  return choices;
}
