import { type Task, tasksEndpoints } from '@aide/contracts';
import type { RemoteModule } from '@aide/module-kit';

let organiser: RemoteModule;
beforeAll(async () => {
  // The build defines the remote's version; here the test does, before the module reads it.
  Object.assign(globalThis, { __AIDE_REMOTE_VERSION__: '9.9.9-test' });
  organiser = (await import('./module')).default;
});

const task = (id: number, status: Task['status']): Task => ({
  id,
  userId: 1,
  title: `Task ${id}`,
  description: null,
  priority: 'medium',
  status,
  dueDate: null,
  category: null,
  recurrence: null,
  recurrenceMode: 'on_completion',
  subtasks: [],
  reminderMinutes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the organiser module', () => {
  it('offers Dashboard, Tasks and Calendar, in that order in the sidebar', () => {
    expect(organiser.id).toBe('organiser');
    expect(organiser.version).toBe('9.9.9-test');
    expect(organiser.routes.map((r) => r.path)).toEqual(['/', '/tasks', '/calendar']);
    const sidebar = [...organiser.nav].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((n) => [n.path, n.label]);
    expect(sidebar).toEqual([
      ['/', 'Dashboard'],
      ['/tasks', 'Tasks & To-Do'],
      ['/calendar', 'Calendar'],
    ]);
  });

  it('badges Tasks with the number of tasks not yet completed, reading the tasks list', () => {
    const badge = organiser.nav.find((n) => n.path === '/tasks')?.badge;
    expect(badge?.queryKey).toEqual([tasksEndpoints.list.path]);
    expect(badge?.select([task(1, 'pending'), task(2, 'in_progress'), task(3, 'completed')])).toBe(2);
    expect(badge?.select([task(1, 'completed')])).toBe(0);
    expect(badge?.select([])).toBe(0);
  });

  it('puts its own figure and cards on the dashboard, and none of other modules', () => {
    expect(organiser.widgets?.map((w) => [w.id, w.title, w.size])).toEqual([
      ['briefing', "Today's briefing", 'full'],
      ['today-tasks', "Today's Tasks", 'stat'],
      ['schedule', "Today's Schedule", 'half'],
      ['quick-actions', 'Quick Actions', 'half'],
      ['priority-tasks', 'Priority Tasks', 'half'],
    ]);
  });
});
