import type { OrganiserDashboard, Task } from '@aide/contracts';
import { byText, cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { PriorityTasksCard } from './PriorityTasksCard';

afterEach(cleanup);

const task = (id: number, over: Partial<Task> = {}): Task => ({
  id,
  userId: 1,
  title: `Task ${id}`,
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
  ...over,
});
const organiser = (priorityTasks: Task[]): OrganiserDashboard => ({
  todayTasks: 0,
  todayTasksChange: 0,
  todayEvents: [],
  priorityTasks,
});

describe('Priority Tasks: completed tasks', () => {
  it('stay in the list, struck through and ticked, and are not counted as remaining', async () => {
    mockFetch(
      route('GET /api/dashboard', {
        body: {
          modules: {
            organiser: organiser([
              task(1, { title: 'Ship the release', status: 'completed' }),
              task(2, { title: 'Write the notes', priority: 'medium' }),
            ]),
          },
        },
      }),
    );
    renderScreen(<PriorityTasksCard />);
    await waitFor(() => byText('1 remaining'));

    const rows = Array.from(document.querySelectorAll('ul[aria-label="Priority tasks"] > li'));
    expect(rows.map((li) => li.textContent)).toEqual([
      'Ship the releaseHigh Priority',
      'Write the notesMedium Priority',
    ]);
    // Spec: completed tasks are struck through.
    expect(rows[0].querySelector('del')?.textContent).toBe('Ship the release');
    expect(rows[1].querySelector('del')).toBeNull();
    const done = rows[0].querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(done.checked).toBe(true);
    expect(done.getAttribute('aria-label')).toBe('Mark "Ship the release" not complete');
  });
});
