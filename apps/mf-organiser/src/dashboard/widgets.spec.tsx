import type { CalendarEvent, OrganiserDashboard, Task } from '@aide/contracts';
import { act, byText, button, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { PriorityTasksCard, QuickActionsCard, ScheduleCard, TodayTasksStat } from './widgets';

afterEach(cleanup);

const event = (id: number, over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  userId: 1,
  title: `Event ${id}`,
  description: null,
  type: 'meeting',
  startTime: '2026-11-26T09:00:00.000Z',
  endTime: '2026-11-26T09:30:00.000Z',
  location: null,
  attendees: [],
  metadata: null,
  source: 'local',
  integrationId: null,
  recurrence: null,
  timezone: null,
  exceptions: [],
  recurringEventId: null,
  occurrenceStart: null,
  reminders: null,
  taskId: null,
  taskStatus: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});
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
const organiser = (over: Partial<OrganiserDashboard> = {}): OrganiserDashboard => ({
  todayTasks: 2,
  todayTasksChange: 2,
  todayEvents: [],
  priorityTasks: [],
  ...over,
});
const dashboard = (part: unknown) =>
  route('GET /api/dashboard', { body: { modules: { organiser: part, email: { unread: 1 } } } });
const utcProfile = route('GET /api/profile', { body: { timezone: 'UTC' } });

describe("Today's Tasks (stat)", () => {
  it("shows today's open tasks and the spec's '+N from yesterday' with the real change", async () => {
    mockFetch(dashboard(organiser({ todayTasks: 5, todayTasksChange: -1 })));
    const { container } = renderScreen(<TodayTasksStat />);
    await waitFor(() => byText('-1 from yesterday'));
    expect(container.querySelector('.ant-statistic-content')?.textContent).toBe('5');
  });
});

describe("Today's Schedule (card)", () => {
  it("says 'No events scheduled for today' when there are none", async () => {
    mockFetch(dashboard(organiser()), utcProfile);
    renderScreen(<ScheduleCard />);
    await waitFor(() => byText('No events scheduled for today'));
  });

  it('shows at most three events with their length in hours; one opens with its minutes and links', async () => {
    const dentist = event(2, {
      title: 'Dentist visit',
      type: 'appointment',
      startTime: '2026-11-26T14:00:00.000Z',
      endTime: '2026-11-26T15:30:00.000Z',
      metadata: { booking: 'https://example.com/booking/42' },
    });
    mockFetch(dashboard(organiser({ todayEvents: [event(1), dentist, event(3), event(4)] })), utcProfile);
    const { container } = renderScreen(<ScheduleCard />);
    await waitFor(() => byText('Dentist visit'));
    const shown = Array.from(container.querySelectorAll('ul[aria-label="Today\'s events"] > li button'));
    expect(shown.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Event 1'),
      expect.stringContaining('Dentist visit'),
      expect.stringContaining('Event 3'),
    ]);
    expect(button(/Dentist visit/).textContent).toContain('1.5h');

    await click(button(/Dentist visit/));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    expect(dialog.textContent).toContain('90 minutes');
    expect(dialog.querySelector('a[href="https://example.com/booking/42"]')).not.toBeNull();
  });

  it("shows the spec's error when the organiser's part breaks its schema", async () => {
    mockFetch(dashboard({ todayTasks: 1 }), utcProfile);
    renderScreen(<ScheduleCard />);
    await waitFor(() => byText('Failed to load dashboard data. Please try again.'));
  });
});

describe('Priority Tasks (card)', () => {
  it("says 'No priority tasks' when there are none", async () => {
    mockFetch(dashboard(organiser()));
    renderScreen(<PriorityTasksCard />);
    await waitFor(() => byText('No priority tasks'));
  });

  it('completes a task for real and reads the dashboard again', async () => {
    const tasks = [task(1, { title: 'Ship the release' }), task(2, { priority: 'low' })];
    const fetch = mockFetch(
      dashboard(organiser({ priorityTasks: tasks })),
      route('PATCH /api/tasks/1', { body: { ...tasks[0], status: 'completed' } }),
    );
    renderScreen(<PriorityTasksCard />);
    await waitFor(() => byText('2 remaining'));
    expect(byText('High Priority')).toBeTruthy();
    expect(byText('Low Priority')).toBeTruthy();

    // The dashboard now answers with the task completed.
    fetch.use(dashboard(organiser({ priorityTasks: [{ ...tasks[0], status: 'completed' }, tasks[1]] })));
    await click(document.querySelector('input[aria-label=\'Mark "Ship the release" complete\']')!);
    await waitFor(() => byText('1 remaining'));
    expect(fetch.calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/tasks/1',
      body: { status: 'completed' },
    });
    await waitFor(() => fetch.calls.filter((c) => c.url === '/api/dashboard').length === 2);
    expect(document.querySelector('input[aria-label=\'Mark "Ship the release" not complete\']')).not.toBeNull();
  });
});

describe('Quick Actions (card)', () => {
  it("opens the Tasks and Calendar screens' add dialogs, and Research and Social", async () => {
    const navigate = jest.fn();
    renderScreen(<QuickActionsCard />, { host: { navigate } });
    for (const label of ['Add New Task', 'Schedule Meeting', 'Start Research', 'Create Social Post'])
      await click(button(label));
    expect(navigate.mock.calls.map(([to]) => to)).toEqual(['/tasks?new=1', '/calendar?new=1', '/research', '/social']);
  });

  it('starts loading the screen an action opens when it is pointed at or focused', async () => {
    const preload = jest.fn();
    renderScreen(<QuickActionsCard />, { host: { preload } });
    // React's onMouseEnter listens to mouseover.
    act(() => {
      button('Add New Task').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    act(() => button('Start Research').focus());
    expect(preload.mock.calls.map(([to]) => to)).toEqual(['/tasks?new=1', '/research']);
  });
});
