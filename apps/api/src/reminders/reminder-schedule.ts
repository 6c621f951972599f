import { REMINDER_LIMITS, type UserPlan, type UserRole } from '@aide/contracts';

/** How often the sweep runs while the API is up. */
export const REMINDER_SWEEP_INTERVAL_MS = 60 * 1000;
/**
 * A reminder whose time passed at most this long ago still goes out (an API restarted or a sweep
 * missed meanwhile); older ones are not fired late.
 */
export const REMINDER_GRACE_MS = 15 * 60 * 1000;
/** The longest reminder lead looked for: what the events' and tasks' schemas allow (four weeks). */
export const REMINDER_MAX_LEAD_MINUTES = REMINDER_LIMITS.minutes;

/** One reminder due now, for one user. */
export interface DueReminder {
  kind: 'event_reminder' | 'task_reminder';
  userId: number;
  role: UserRole;
  plan: UserPlan;
  title: string;
  body: string | null;
  link: string;
  sourceKey: string;
  /** When the event starts or the task is due. */
  at: Date;
  /** The reminder's minutes before `at` (0: at that time). */
  minutes: number;
}

/** An event occurrence's reminder: per event, per occurrence start, per minutes value. */
export const eventReminderSourceKey = (eventId: number, occurrenceStart: Date, minutes: number) =>
  `event:${eventId}:${occurrenceStart.toISOString()}:${minutes}`;
/** A task's reminder: per task, due date and minutes (a new due date reminds again). */
export const taskReminderSourceKey = (taskId: number, dueDate: Date, minutes: number) =>
  `task:${taskId}:${dueDate.toISOString()}:${minutes}`;
