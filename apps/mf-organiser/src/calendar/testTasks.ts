import type { Task } from '@aide/contracts';

/** A task as the API answers it, for the calendar's tests. */
export const testTask = (id: number, over: Partial<Task> = {}): Task => ({
  id,
  userId: 42,
  title: `Task ${id}`,
  description: null,
  priority: 'medium',
  status: 'pending',
  dueDate: null,
  category: null,
  recurrence: null,
  recurrenceMode: 'on_completion',
  subtasks: [],
  reminderMinutes: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});
