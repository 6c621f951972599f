/**
 * Time blocking: a task placed on the calendar becomes an event linked to it. Pure: which tasks wait
 * for a block, where a drop lands, and the block's payload.
 */
import type { CalendarEvent, CreateEventInput, Task } from '@aide/contracts';
import { dayjs } from '../shared/time';

/** The grid's hour height in pixels (TimeGridView draws with it; a drop is read back with it). */
export const HOUR_HEIGHT = 48;
/** Drops snap to quarter hours. */
export const SLOT_MINUTES = 15;
/** A block lasts 30 minutes, an hour for a task with several steps (three subtasks or more). */
export const SHORT_BLOCK_MINUTES = 30;
export const LONG_BLOCK_MINUTES = 60;
const MANY_STEPS = 3;

/** How long a new block for `task` lasts: task-sized, by its number of steps. */
export const blockMinutes = (task: Pick<Task, 'subtasks'>) =>
  (task.subtasks?.length ?? 0) >= MANY_STEPS ? LONG_BLOCK_MINUTES : SHORT_BLOCK_MINUTES;

/**
 * The open tasks with no block from now on, due soonest first (no due date last), then by priority.
 * A task whose block has passed undone shows again, to be given another time.
 */
export function unscheduledTasks(tasks: readonly Task[], events: readonly CalendarEvent[], now = dayjs()): Task[] {
  const blocked = new Set(
    events.filter((e) => e.taskId !== null && dayjs(e.endTime).isAfter(now)).map((e) => e.taskId as number),
  );
  const rank = { high: 0, medium: 1, low: 2 } as const;
  const due = (task: Task) => (task.dueDate ? Date.parse(task.dueDate) : Number.POSITIVE_INFINITY);
  return tasks
    .filter((task) => task.status !== 'completed' && !blocked.has(task.id))
    .sort((a, b) => due(a) - due(b) || rank[a.priority] - rank[b.priority] || a.title.localeCompare(b.title));
}

/**
 * The wall-clock slot ('YYYY-MM-DDTHH:mm') a drop `offsetY` pixels below the top of `dayKey`'s column
 * lands on, snapped down to the quarter hour and kept inside the day.
 */
export function slotAt(dayKey: string, offsetY: number): string {
  const minutes = Math.floor(((offsetY / HOUR_HEIGHT) * 60) / SLOT_MINUTES) * SLOT_MINUTES;
  const clamped = Math.min(Math.max(0, minutes), 24 * 60 - SLOT_MINUTES);
  const hh = String(Math.floor(clamped / 60)).padStart(2, '0');
  const mm = String(clamped % 60).padStart(2, '0');
  return `${dayKey}T${hh}:${mm}`;
}

/** POST /api/events for a block: the task's title, an appointment from `start` (wall clock in `tz`). */
export function timeBlockPayload(
  task: Pick<Task, 'id' | 'title'>,
  start: string,
  minutes: number,
  tz: string,
): CreateEventInput {
  const begins = dayjs.tz(start, tz);
  return {
    title: task.title,
    type: 'appointment',
    startTime: begins.toISOString(),
    endTime: begins.add(minutes, 'minute').toISOString(),
    taskId: task.id,
  };
}
