import { PROFILE_DEFAULTS, type UserPlan, type UserRole } from '@aide/contracts';
import type { DataSource } from 'typeorm';
import { occurrencesBetween } from '../events/recurrence/occurrences';
import {
  type DueReminder,
  eventReminderSourceKey,
  REMINDER_MAX_LEAD_MINUTES,
  taskReminderSourceKey,
} from './reminder-schedule';

interface EventRow {
  id: number;
  userId: number;
  role: UserRole;
  plan: UserPlan;
  title: string;
  location: string | null;
  startTime: Date;
  endTime: Date;
  recurrence: string | null;
  /** The series' zone; the profile's (or UTC) for a series stored without one. */
  timezone: string;
  exceptions: Date[];
  reminders: number[] | null;
  /** The profile's eventReminderMinutes; undefined when the user never saved a profile (the default then). */
  profileMinutes: number | null | undefined;
}

const MINUTE = 60_000;

/** The reminder minutes of an event: its own, or the profile's default (none when that is null). */
function minutesOf(row: EventRow): number[] {
  if (row.reminders) return row.reminders;
  const fallback = row.profileMinutes === undefined ? PROFILE_DEFAULTS.eventReminderMinutes : row.profileMinutes;
  return fallback === null ? [] : [fallback];
}

/** The reminders of starts whose time (start − minutes) falls in (since, now]. */
function remindersOf(row: EventRow, starts: readonly Date[], since: Date, now: Date): DueReminder[] {
  const due: DueReminder[] = [];
  for (const start of starts) {
    for (const minutes of new Set(minutesOf(row))) {
      const fireAt = start.getTime() - minutes * MINUTE;
      if (fireAt <= since.getTime() || fireAt > now.getTime()) continue;
      // Late (a restart): a reminder ahead of the start is pointless once the event has begun.
      if (minutes > 0 && start.getTime() < now.getTime()) continue;
      due.push({
        kind: 'event_reminder',
        userId: row.userId,
        role: row.role,
        plan: row.plan,
        title: row.title,
        body: row.location,
        link: '/calendar',
        sourceKey: eventReminderSourceKey(row.id, start, minutes),
        at: start,
        minutes,
      });
    }
  }
  return due;
}

const EVENT_COLUMNS = `e.id, e."userId", u.role, u.plan, e.title, e.location, e."startTime", e."endTime",
  e.recurrence, coalesce(e.timezone, p.timezone, 'UTC') AS timezone, e.exceptions, e.reminders,
  CASE WHEN p."userId" IS NULL THEN 'none' ELSE 'saved' END AS "profileState", p."eventReminderMinutes" AS "profileMinutes"`;

type RawEventRow = Omit<EventRow, 'profileMinutes'> & { profileState: 'none' | 'saved'; profileMinutes: number | null };

const toEventRow = (raw: RawEventRow): EventRow => ({
  ...raw,
  profileMinutes: raw.profileState === 'none' ? undefined : raw.profileMinutes,
});

/**
 * Event reminders due in (since, now]: single events (and moved occurrences, which are rows of
 * their own) by their start; repeating series expanded in their timezone (occurrencesBetween leaves
 * out the removed occurrences, its exceptions).
 */
export async function dueEventReminders(dataSource: DataSource, since: Date, now: Date): Promise<DueReminder[]> {
  const horizon = new Date(now.getTime() + REMINDER_MAX_LEAD_MINUTES * MINUTE);
  const singles: RawEventRow[] = await dataSource.query(
    `SELECT ${EVENT_COLUMNS}
       FROM events e JOIN users u ON u.id = e."userId" LEFT JOIN profiles p ON p."userId" = e."userId"
      WHERE e.recurrence IS NULL AND e."startTime" > $1 AND e."startTime" <= $2`,
    [since, horizon],
  );
  const series: RawEventRow[] = await dataSource.query(
    `SELECT ${EVENT_COLUMNS}
       FROM events e JOIN users u ON u.id = e."userId" LEFT JOIN profiles p ON p."userId" = e."userId"
      WHERE e.recurrence IS NOT NULL AND e."startTime" <= $1`,
    [horizon],
  );
  // A moved occurrence is a row of its own (reminded by its new start above): its original slot is not.
  const moved: { recurringEventId: number; originalStartTime: Date }[] = series.length
    ? await dataSource.query(
        `SELECT "recurringEventId", "originalStartTime" FROM events
          WHERE "recurringEventId" = ANY($1::int[]) AND "originalStartTime" IS NOT NULL`,
        [series.map((row) => row.id)],
      )
    : [];
  const movedSlots = new Set(
    moved.map((row) => `${row.recurringEventId}:${new Date(row.originalStartTime).getTime()}`),
  );
  const due: DueReminder[] = [];
  for (const row of singles.map(toEventRow)) due.push(...remindersOf(row, [new Date(row.startTime)], since, now));
  for (const row of series.map(toEventRow)) {
    const minutes = minutesOf(row);
    if (minutes.length === 0) continue;
    // The occurrences whose reminders can fall in the window: starting up to the longest lead after it.
    const from = since;
    const to = new Date(now.getTime() + Math.max(...minutes) * MINUTE + 1); // `to` is exclusive
    const starts = occurrencesBetween(
      {
        startTime: new Date(row.startTime),
        endTime: new Date(row.endTime),
        recurrence: row.recurrence!,
        timezone: row.timezone,
        exceptions: row.exceptions.map((exception) => new Date(exception)),
      },
      from,
      to,
    )
      .map((occurrence) => occurrence.start)
      .filter((start) => !movedSlots.has(`${row.id}:${start.getTime()}`));
    due.push(...remindersOf(row, starts, since, now));
  }
  return due;
}

/** Task reminders due in (since, now]: reminderMinutes before the due date, open tasks only. */
export async function dueTaskReminders(dataSource: DataSource, since: Date, now: Date): Promise<DueReminder[]> {
  const rows: {
    id: number;
    userId: number;
    role: UserRole;
    plan: UserPlan;
    title: string;
    dueDate: Date;
    reminderMinutes: number;
  }[] = await dataSource.query(
    `SELECT t.id, t."userId", u.role, u.plan, t.title, t."dueDate", t."reminderMinutes"
       FROM tasks t JOIN users u ON u.id = t."userId"
      WHERE t.status <> 'completed' AND t."reminderMinutes" IS NOT NULL AND t."dueDate" IS NOT NULL
        AND t."dueDate" - make_interval(mins => t."reminderMinutes") > $1
        AND t."dueDate" - make_interval(mins => t."reminderMinutes") <= $2
        AND (t."reminderMinutes" = 0 OR t."dueDate" >= $2)`,
    [since, now],
  );
  return rows.map((row) => ({
    kind: 'task_reminder' as const,
    userId: row.userId,
    role: row.role,
    plan: row.plan,
    title: row.title,
    body: null,
    link: '/tasks',
    sourceKey: taskReminderSourceKey(row.id, new Date(row.dueDate), row.reminderMinutes),
    at: new Date(row.dueDate),
    minutes: row.reminderMinutes,
  }));
}
