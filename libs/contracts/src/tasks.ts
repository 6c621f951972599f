import { z } from 'zod';
import { recurrenceRuleSchema, reminderMinutesSchema } from './recurrence';
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

export const TASK_LIMITS = { title: 200, description: 5000, category: 100, subtasks: 100, subtaskTitle: 200 } as const;

/**
 * How a repeating task brings its next occurrence: when this one is completed, or when it falls due
 * whether or not it was done.
 */
export const TASK_RECURRENCE_MODES = ['on_completion', 'on_schedule'] as const;
export type TaskRecurrenceMode = (typeof TASK_RECURRENCE_MODES)[number];
export const taskRecurrenceModeSchema = z.enum(TASK_RECURRENCE_MODES, {
  error: 'Repeat mode must be on_completion or on_schedule',
});

/** One step of a task's checklist. `id` is the client's (any short text), so a list can be reordered and edited in one PATCH. */
export const subtaskSchema = z.object({
  id: z
    .string({ error: 'Subtask id must be text' })
    .min(1, 'Subtask id must not be empty')
    .max(64, 'Subtask id must be at most 64 characters'),
  title: text('Subtask', TASK_LIMITS.subtaskTitle, { required: 'Subtask must not be blank' }),
  done: z.boolean({ error: 'Subtask done must be true or false' }).default(false),
});
export type Subtask = z.output<typeof subtaskSchema>;
const subtasks = z
  .array(subtaskSchema, { error: 'Subtasks must be a list' })
  .max(TASK_LIMITS.subtasks, `At most ${TASK_LIMITS.subtasks} subtasks`)
  .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'Subtask ids must be unique');

export const REPEATING_TASK_NEEDS_DUE_DATE = 'A repeating task needs a due date';

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
  /** An RRULE value (see recurrence.ts) when the task repeats; it moves to the next occurrence when that is made. */
  recurrence: z.string().nullable(),
  recurrenceMode: taskRecurrenceModeSchema,
  /** The checklist, in order. */
  subtasks: z.array(z.object({ id: z.string(), title: z.string(), done: z.boolean() })),
  /** Minutes before the due time to remind (0 = at the due time); null = no reminder. */
  reminderMinutes: z.number().int().nullable(),
  /** The message it was made from (a deadline, a request), if any (issue 26). */
  sourceEmailId: z.number().int().nullable().optional(),
  /** The document it was made from (a bill's due date), if any (issue 26). */
  sourceDocumentId: z.number().int().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * POST /api/tasks. A `userId` in the body is accepted for the spec's payload shape and ignored:
 * the owner is always the signed-in user.
 */
export const createTaskSchema = z
  .object({
    userId: z.unknown().optional(),
    title,
    description: description.optional(),
    priority: taskPrioritySchema.default('medium'),
    status: taskStatusSchema.default('pending'),
    dueDate: dueDate.optional(),
    category: category.optional(),
    recurrence: recurrenceRuleSchema.optional(),
    /** on_completion when left out. */
    recurrenceMode: taskRecurrenceModeSchema.optional(),
    subtasks: subtasks.optional(),
    reminderMinutes: reminderMinutesSchema.nullable().optional(),
  })
  .refine((task) => !task.recurrence || task.dueDate, { message: REPEATING_TASK_NEEDS_DUE_DATE, path: ['dueDate'] });
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
  recurrence: recurrenceRuleSchema.nullable().optional(),
  recurrenceMode: taskRecurrenceModeSchema.optional(),
  subtasks: subtasks.optional(),
  reminderMinutes: reminderMinutesSchema.nullable().optional(),
});
export type UpdateTaskPayload = z.output<typeof updateTaskSchema>;

/**
 * The task form's values: strings as the inputs hold them, dueDate as an ISO instant or empty.
 * The repeat, reminder and checklist fields are optional so a form without them keeps its payload:
 * recurrence is an RRULE value or empty (does not repeat), reminderMinutes null for no reminder.
 */
export const taskFormSchema = z
  .object({
    title,
    description: description,
    priority: taskPrioritySchema,
    status: taskStatusSchema,
    dueDate: z.union([z.literal(''), dueDate]),
    category: category,
    recurrence: z.union([z.literal(''), recurrenceRuleSchema]).optional(),
    recurrenceMode: taskRecurrenceModeSchema.optional(),
    reminderMinutes: reminderMinutesSchema.nullable().optional(),
    subtasks: subtasks.optional(),
  })
  .refine((task) => !task.recurrence || task.dueDate, { message: REPEATING_TASK_NEEDS_DUE_DATE, path: ['dueDate'] });
export type TaskFormValues = z.input<typeof taskFormSchema>;

/**
 * Spec §5: on submit, description and category are trimmed and omitted when empty, and an empty
 * due date is omitted. On edit an emptied field is sent as null so the change is saved.
 * A new task sends its repeat rule (with its mode), reminder and subtasks only when it has them; an
 * edit sends each one the form holds (no rule and no reminder as null, the whole checklist).
 */
export function taskFormToPayload(values: TaskFormValues, mode: 'create'): CreateTaskInput;
export function taskFormToPayload(values: TaskFormValues, mode: 'edit'): UpdateTaskPayload;
export function taskFormToPayload(values: TaskFormValues, mode: 'create' | 'edit') {
  const empty = mode === 'create' ? undefined : null;
  const text = (v: string | undefined) => {
    const trimmed = (v ?? '').trim();
    return trimmed === '' ? empty : trimmed;
  };
  const repeats = Boolean(values.recurrence);
  const payload: Record<string, unknown> = {
    title: values.title.trim(),
    description: text(values.description),
    priority: values.priority,
    status: values.status,
    dueDate: values.dueDate ? values.dueDate : empty,
    category: text(values.category),
    recurrence: values.recurrence === undefined ? undefined : repeats ? values.recurrence : empty,
    recurrenceMode: mode === 'create' && !repeats ? undefined : values.recurrenceMode,
    reminderMinutes: values.reminderMinutes === undefined ? undefined : (values.reminderMinutes ?? empty),
    subtasks:
      values.subtasks === undefined || (mode === 'create' && values.subtasks.length === 0)
        ? undefined
        : values.subtasks.map((s) => ({ id: s.id, title: s.title.trim(), done: s.done ?? false })),
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
