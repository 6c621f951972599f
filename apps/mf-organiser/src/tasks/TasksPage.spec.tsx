import type { Task } from '@aide/contracts';
import { cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import TasksPage from './TasksPage';

afterEach(cleanup);

const task: Task = {
  id: 4,
  userId: 1,
  title: 'Write the report',
  description: null,
  priority: 'high',
  status: 'pending',
  dueDate: null,
  category: null,
  recurrence: null,
  recurrenceMode: 'on_completion',
  subtasks: [],
  reminderMinutes: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const dialogTitle = () => document.querySelector('.ant-modal-title')?.textContent;

describe('TasksPage', () => {
  it('opens the task a time block links to (?open=<id>) once the list is in, and drops the parameter', async () => {
    mockFetch(route('GET /api/tasks', { body: [task] }), route('GET /api/profile', { status: 404, body: {} }));
    const { location } = renderScreen(<TasksPage />, { path: '/tasks?open=4' });
    await waitFor(() => dialogTitle() === 'Edit Task');
    expect(document.querySelector<HTMLInputElement>('.ant-modal input')?.value).toBe('Write the report');
    expect(location().search).toBe('');
  });

  it('leaves the list as it is when the linked task is gone', async () => {
    mockFetch(route('GET /api/tasks', { body: [task] }), route('GET /api/profile', { status: 404, body: {} }));
    const { location } = renderScreen(<TasksPage />, { path: '/tasks?open=99' });
    await waitFor(() => location().search === '');
    expect(dialogTitle()).toBeUndefined();
  });
});
