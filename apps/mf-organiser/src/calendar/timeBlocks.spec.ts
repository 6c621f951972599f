import type { Task } from '@aide/contracts';
import { testTask } from './testTasks';
import { testEvent } from '../shared/testEvents';
import { dayjs } from '../shared/time';
import { blockMinutes, slotAt, timeBlockPayload, unscheduledTasks } from './timeBlocks';

const now = dayjs('2026-11-26T12:00:00Z');

describe('unscheduledTasks', () => {
  it('lists open tasks without a block ahead, due soonest first, then by priority, undated last', () => {
    const tasks = [
      testTask(1, { title: 'Undated' }),
      testTask(2, { title: 'Due Friday', dueDate: '2026-11-27T17:00:00.000Z' }),
      testTask(3, { title: 'Done', status: 'completed', dueDate: '2026-11-26T17:00:00.000Z' }),
      testTask(4, { title: 'Blocked', dueDate: '2026-11-26T17:00:00.000Z' }),
      testTask(5, { title: 'Due today, high', priority: 'high', dueDate: '2026-11-27T17:00:00.000Z' }),
      testTask(6, { title: 'Block passed', dueDate: '2026-11-30T17:00:00.000Z' }),
    ];
    const events = [
      testEvent(10, { taskId: 4, startTime: '2026-11-26T14:00:00.000Z', endTime: '2026-11-26T14:30:00.000Z' }),
      // A block that has passed with its task still open: the task waits for a new time.
      testEvent(11, { taskId: 6, startTime: '2026-11-25T14:00:00.000Z', endTime: '2026-11-25T14:30:00.000Z' }),
    ];
    expect(unscheduledTasks(tasks, events, now).map((t) => t.title)).toEqual([
      'Due today, high',
      'Due Friday',
      'Block passed',
      'Undated',
    ]);
  });
});

describe('dropping a task on the grid', () => {
  it('lands on the quarter hour the pointer is in (48 px an hour), inside the day', () => {
    expect(slotAt('2026-11-26', 14 * 48 + 20)).toBe('2026-11-26T14:15');
    expect(slotAt('2026-11-26', 9 * 48)).toBe('2026-11-26T09:00');
    expect(slotAt('2026-11-26', -10)).toBe('2026-11-26T00:00');
    expect(slotAt('2026-11-26', 24 * 48 + 30)).toBe('2026-11-26T23:45');
  });

  it('makes an appointment linked to the task, task-sized, at that wall-clock time in the profile zone', () => {
    const task = testTask(4, { title: 'Write report' });
    expect(blockMinutes(task)).toBe(30);
    expect(
      blockMinutes({ subtasks: [1, 2, 3].map((id) => ({ id: String(id), title: 's', done: false })) } as Task),
    ).toBe(60);
    expect(timeBlockPayload(task, '2026-11-26T14:15', 30, 'Europe/Paris')).toEqual({
      title: 'Write report',
      type: 'appointment',
      startTime: '2026-11-26T13:15:00.000Z',
      endTime: '2026-11-26T13:45:00.000Z',
      taskId: 4,
    });
  });
});
