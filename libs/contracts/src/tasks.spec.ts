import {
  createTaskSchema,
  filterTasks,
  taskFormSchema,
  taskFormToPayload,
  taskMatchesSearch,
  updateTaskSchema,
} from './tasks';
import { toApiErrorBody } from './validation';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('createTaskSchema', () => {
  it('answers "Title is required" when the title is missing, empty or blank', () => {
    expect(messages(createTaskSchema.safeParse({}))).toEqual(['Title is required']);
    expect(messages(createTaskSchema.safeParse({ title: '' }))).toEqual(['Title is required']);
    expect(messages(createTaskSchema.safeParse({ title: '   ' }))).toEqual(['Title is required']);
  });

  it('defaults priority to medium and status to pending, and trims text', () => {
    const parsed = createTaskSchema.parse({ title: '  Buy milk ', description: ' 2 litres ' });
    expect(parsed).toMatchObject({ title: 'Buy milk', description: '2 litres', priority: 'medium', status: 'pending' });
  });

  it('rejects an unknown priority or status with a readable message', () => {
    expect(messages(createTaskSchema.safeParse({ title: 'x', priority: 'urgent' }))).toEqual([
      'Priority must be one of high, medium or low',
    ]);
    expect(messages(createTaskSchema.safeParse({ title: 'x', status: 'done' }))).toEqual([
      'Status must be one of pending, in_progress or completed',
    ]);
  });

  it('accepts an ISO due date and rejects anything else', () => {
    expect(createTaskSchema.safeParse({ title: 'x', dueDate: '2026-11-21T14:30:00.000Z' }).success).toBe(true);
    expect(messages(createTaskSchema.safeParse({ title: 'x', dueDate: 'tomorrow' }))).toEqual([
      'Due date must be a valid date and time',
    ]);
  });

  it('rejects NUL characters, which PostgreSQL cannot store', () => {
    expect(messages(createTaskSchema.safeParse({ title: 'a\u0000b' }))).toEqual([
      'Title must not contain NUL characters',
    ]);
    expect(messages(createTaskSchema.safeParse({ title: 'x', category: '\u0000' }))).toEqual([
      'Category must not contain NUL characters',
    ]);
  });

  it('limits the title length', () => {
    expect(messages(createTaskSchema.safeParse({ title: 'a'.repeat(201) }))).toEqual([
      'Title must be at most 200 characters',
    ]);
  });
});

describe('updateTaskSchema', () => {
  it('takes a partial update and null to clear an optional field', () => {
    expect(updateTaskSchema.parse({ status: 'completed' })).toEqual({ status: 'completed' });
    expect(updateTaskSchema.parse({ dueDate: null, category: null })).toEqual({ dueDate: null, category: null });
    expect(messages(updateTaskSchema.safeParse({ title: ' ' }))).toEqual(['Title is required']);
  });
});

describe('taskFormToPayload', () => {
  const form = {
    title: ' Call Bob ',
    description: '  ',
    priority: 'high' as const,
    status: 'pending' as const,
    dueDate: '',
    category: ' Work ',
  };

  it('on create trims and omits empty description, category and due date', () => {
    expect(taskFormToPayload(form, 'create')).toEqual({
      title: 'Call Bob',
      priority: 'high',
      status: 'pending',
      category: 'Work',
    });
  });

  it('on edit sends emptied fields as null so they are cleared', () => {
    expect(taskFormToPayload(form, 'edit')).toEqual({
      title: 'Call Bob',
      description: null,
      priority: 'high',
      status: 'pending',
      dueDate: null,
      category: 'Work',
    });
  });
});

describe('taskFormToPayload: repeat, reminder and subtasks', () => {
  const form = {
    title: 'Water plants',
    description: '',
    priority: 'medium' as const,
    status: 'pending' as const,
    dueDate: '2027-05-03T08:00:00.000Z',
    category: '',
    recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    recurrenceMode: 'on_schedule' as const,
    reminderMinutes: 15,
    subtasks: [{ id: 'a', title: ' Fill the can ', done: true }],
  };

  it('on create sends the rule with its mode, the reminder and the checklist', () => {
    expect(taskFormToPayload(form, 'create')).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      recurrenceMode: 'on_schedule',
      reminderMinutes: 15,
      subtasks: [{ id: 'a', title: 'Fill the can', done: true }],
    });
  });

  it('on create leaves out what the task does not have', () => {
    const payload = taskFormToPayload({ ...form, recurrence: '', reminderMinutes: null, subtasks: [] }, 'create');
    expect(payload).not.toHaveProperty('recurrence');
    expect(payload).not.toHaveProperty('recurrenceMode');
    expect(payload).not.toHaveProperty('reminderMinutes');
    expect(payload).not.toHaveProperty('subtasks');
  });

  it('on edit clears the rule and the reminder with null and sends the whole checklist', () => {
    expect(taskFormToPayload({ ...form, recurrence: '', reminderMinutes: null, subtasks: [] }, 'edit')).toMatchObject({
      recurrence: null,
      reminderMinutes: null,
      subtasks: [],
    });
  });

  it('needs a due date for a repeating task', () => {
    const result = taskFormSchema.safeParse({ ...form, dueDate: '' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['dueDate'], message: 'A repeating task needs a due date' }),
    ]);
    expect(taskFormSchema.safeParse({ ...form, dueDate: '', recurrence: '' }).success).toBe(true);
  });
});

describe('task search', () => {
  const tasks = [
    {
      title: 'Write report',
      description: 'Quarterly numbers',
      category: 'Work',
      priority: 'high' as const,
      status: 'pending' as const,
    },
    { title: 'Groceries', description: null, category: 'Home', priority: 'low' as const, status: 'completed' as const },
    {
      title: 'Dentist',
      description: 'Check-up',
      category: null,
      priority: 'medium' as const,
      status: 'in_progress' as const,
    },
  ];

  it('matches title, description, category and priority case-insensitively', () => {
    expect(taskMatchesSearch(tasks[0], 'REPORT')).toBe(true);
    expect(taskMatchesSearch(tasks[0], 'quarterly')).toBe(true);
    expect(taskMatchesSearch(tasks[1], 'home')).toBe(true);
    expect(taskMatchesSearch(tasks[2], 'Medium')).toBe(true);
    expect(taskMatchesSearch(tasks[1], 'report')).toBe(false);
  });

  it('combines the search with the status filter', () => {
    expect(filterTasks(tasks, '', 'all').map((t) => t.title)).toEqual(['Write report', 'Groceries', 'Dentist']);
    expect(filterTasks(tasks, '', 'completed').map((t) => t.title)).toEqual(['Groceries']);
    expect(filterTasks(tasks, 'e', 'in_progress').map((t) => t.title)).toEqual(['Dentist']);
    expect(filterTasks(tasks, 'work', 'completed')).toEqual([]);
  });
});

describe('toApiErrorBody', () => {
  it('joins distinct messages and lists each field', () => {
    const error = createTaskSchema.safeParse({ title: '', priority: 'x' }).error!;
    expect(toApiErrorBody(error)).toEqual({
      message: 'Title is required; Priority must be one of high, medium or low',
      errors: [
        { path: 'title', message: 'Title is required' },
        { path: 'priority', message: 'Priority must be one of high, medium or low' },
      ],
    });
  });
});
