import type { Subtask } from '@aide/contracts';
import { nextOccurrenceAfter, occurrencesBefore, withRulePart } from '../events/recurrence/occurrences';

/** What the next occurrence of a repeating task needs of the current one. */
export interface RepeatingTask {
  dueDate: Date;
  recurrence: string;
  subtasks: readonly Subtask[];
}

/** The next occurrence's due date, the rule it carries on, and its checklist. */
export interface NextOccurrence {
  dueDate: Date;
  recurrence: string;
  subtasks: Subtask[];
}

/**
 * The occurrence that follows `task`, or null when its series has ended (COUNT used up, UNTIL passed).
 *
 * The rule is read with the task's due date as its start, in the user's timezone, so a task due at
 * 09:00 stays due at 09:00 local across a DST change. The next one is the first occurrence strictly
 * after both the due date and `now`: a task completed late (or swept late) does not leave a trail
 * of occurrences already past. Each task carries the rule from its own due date, so a COUNT is
 * handed on reduced by the occurrences used up, the current one and any skipped; the series ends
 * when none is left.
 */
export function nextTaskOccurrence(task: RepeatingTask, timezone: string, now: Date): NextOccurrence | null {
  const series = { recurrence: task.recurrence, timezone, startTime: task.dueDate };
  const after = now > task.dueDate ? now : task.dueDate;
  const dueDate = nextOccurrenceAfter(series, after);
  if (!dueDate) return null;
  let recurrence = task.recurrence;
  const count = /(?:^|;)COUNT=(\d+)/i.exec(recurrence);
  if (count) {
    const left = Number(count[1]) - occurrencesBefore(series, dueDate);
    if (left < 1) return null;
    recurrence = withRulePart(recurrence, 'COUNT', String(left));
  }
  // The checklist comes along, every step to do again.
  return { dueDate, recurrence, subtasks: task.subtasks.map((s) => ({ ...s, done: false })) };
}
