import { z } from 'zod';
import { text } from './text';

export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
export const TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;

export const taskPrioritySchema = z.enum(TASK_PRIORITIES, {
  error: 'Priority must be one of high, medium or low',
});
export const taskStatusSchema = z.enum(TASK_STATUSES, {
  error: 'Status must be one of pending, in_progress or completed',
});

export type TaskPriority = z.infer<typeof taskPrioritySchema>;
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const TASK_LIMITS = { title: 200, description: 5000, category: 100 } as const;

const title = text('Title', TASK_LIMITS.title, { required: 'Title is required' });
const description = text('Description', TASK_LIMITS.description);
const category = text('Category', TASK_LIMITS.category);
/** An instant with its zone (ISO 8601, e.g. from `toISOString()`); the form edits it as local time. */
const dueDate = z.iso.datetime({ offset: true, error: 'Due date must be a valid date and time' });

/** A task as the API returns it. */
export const taskSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  dueDate: z.string().nullable(),
  category: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * POST /api/tasks. A `userId` in the body is accepted for the spec's payload shape and ignored:
 * the owner is always the signed-in user.
 */
export const createTaskSchema = z.object({
  userId: z.unknown().optional(),
  title,
  description: description.optional(),
  priority: taskPrioritySchema.default('medium'),
  status: taskStatusSchema.default('pending'),
  dueDate: dueDate.optional(),
  category: category.optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTaskPayload = z.output<typeof createTaskSchema>;

/**
 * PATCH /api/tasks/:id: any subset of the fields. `null` clears an optional field, so an edit
 * can remove a due date, description or category (omitting a field leaves it unchanged).
 */
export const updateTaskSchema = z.object({
  id: z.unknown().optional(),
  userId: z.unknown().optional(),
  title: title.optional(),
  description: description.nullable().optional(),
  priority: taskPrioritySchema.optional(),
  status: taskStatusSchema.optional(),
  dueDate: dueDate.nullable().optional(),
  category: category.nullable().optional(),
});
export type UpdateTaskPayload = z.output<typeof updateTaskSchema>;

/** The task form's values: strings as the inputs hold them, dueDate as an ISO instant or empty. */
export const taskFormSchema = z.object({
  title,
  description: description,
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  dueDate: z.union([z.literal(''), dueDate]),
  category: category,
});
export type TaskFormValues = z.input<typeof taskFormSchema>;

/**
 * Spec §5: on submit, description and category are trimmed and omitted when empty, and an empty
 * due date is omitted. On edit an emptied field is sent as null so the change is saved.
 */
export function taskFormToPayload(values: TaskFormValues, mode: 'create'): CreateTaskInput;
export function taskFormToPayload(values: TaskFormValues, mode: 'edit'): UpdateTaskPayload;
export function taskFormToPayload(values: TaskFormValues, mode: 'create' | 'edit') {
  const empty = mode === 'create' ? undefined : null;
  const text = (v: string | undefined) => {
    const trimmed = (v ?? '').trim();
    return trimmed === '' ? empty : trimmed;
  };
  const payload: Record<string, unknown> = {
    title: values.title.trim(),
    description: text(values.description),
    priority: values.priority,
    status: values.status,
    dueDate: values.dueDate ? values.dueDate : empty,
    category: text(values.category),
  };
  for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
  return payload;
}

/** Spec §5 search: case-insensitive over title, description, category and priority. */
export function taskMatchesSearch(
  task: Pick<Task, 'title' | 'description' | 'category' | 'priority'>,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [task.title, task.description, task.category, task.priority].some((field) =>
    (field ?? '').toLowerCase().includes(needle),
  );
}

export type TaskStatusFilter = 'all' | TaskStatus;

export function filterTasks<T extends Pick<Task, 'title' | 'description' | 'category' | 'priority' | 'status'>>(
  tasks: readonly T[],
  search: string,
  status: TaskStatusFilter,
): T[] {
  return tasks.filter((t) => (status === 'all' || t.status === status) && taskMatchesSearch(t, search));
}
