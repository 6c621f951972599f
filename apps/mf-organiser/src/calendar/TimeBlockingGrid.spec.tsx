import { allByText, button, byText, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { testEvent } from '../shared/testEvents';
import { TimeBlockingGrid } from './TimeBlockingGrid';
import { TimeGridView } from './TimeGridView';
import { testTask } from './testTasks';

afterEach(cleanup);

const TZ = 'Europe/Paris';

describe('time blocking', () => {
  it('lists the unscheduled tasks and schedules one from the keyboard with the Schedule dialog', async () => {
    const { calls } = mockFetch(
      route('GET /api/tasks', {
        body: [
          testTask(1, { title: 'Write report', dueDate: '2099-11-27T17:00:00.000Z' }),
          testTask(2, { title: 'Already blocked' }),
          testTask(3, { title: 'Finished', status: 'completed' }),
        ],
      }),
      route('POST /api/events', ({ body }) => ({ status: 201, body: testEvent(9, body as object) })),
      route('GET /api/events', { body: [] }),
    );
    const blockedAhead = testEvent(5, {
      taskId: 2,
      startTime: '2099-01-01T09:00:00.000Z',
      endTime: '2099-01-01T09:30:00.000Z',
    });
    const { toasts } = renderScreen(
      <TimeBlockingGrid
        days={['2099-11-26']}
        selectedKey="2099-11-26"
        events={[]}
        upcoming={[blockedAhead]}
        timezone={TZ}
        phone={false}
        onSelectDay={() => undefined}
        onOpenEvent={() => undefined}
      />,
    );
    await waitFor(() => byText('Write report'));
    const items = Array.from(document.querySelectorAll('[data-testid="unscheduled-task"]'));
    expect(items.map((i) => i.querySelector('strong')?.textContent ?? i.textContent)).toEqual(['Write report']);
    expect(byText('Due Nov 27')).toBeTruthy();

    await click(button('Schedule “Write report”'));
    await waitFor(() => allByText('Schedule “Write report”', '.ant-modal-title').length > 0);
    // Another day than today: 09:00, for 30 minutes (a task without steps).
    expect(document.querySelector<HTMLInputElement>('#schedule-task-start')!.value).toBe('2099-11-26 09:00');
    expect(document.querySelector('.ant-modal .ant-select')!.textContent).toBe('30 minutes');
    await click(document.querySelector('.ant-modal .ant-btn-primary')!);
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Write report',
      type: 'appointment',
      startTime: '2099-11-26T08:00:00.000Z',
      endTime: '2099-11-26T08:30:00.000Z',
      taskId: 1,
    });
    await waitFor(() => toasts.length > 0);
    expect(toasts[0].title).toMatch(/^“Write report” scheduled for /);
  });

  it('folds the panel away on a phone until asked for', async () => {
    mockFetch(route('GET /api/tasks', { body: [testTask(1, { title: 'Write report' })] }));
    renderScreen(
      <TimeBlockingGrid
        days={['2099-11-26']}
        selectedKey="2099-11-26"
        events={[]}
        upcoming={[]}
        timezone={TZ}
        phone
        onSelectDay={() => undefined}
        onOpenEvent={() => undefined}
      />,
    );
    const toggle = document.querySelector<HTMLButtonElement>('[data-testid="unscheduled-toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    await waitFor(() => byText('Write report'));
  });
});

describe('a time block in the grid', () => {
  it('shows a task mark, and a done block struck through once its task is completed', () => {
    renderScreen(
      <TimeGridView
        days={['2026-11-26']}
        selectedKey="2026-11-26"
        events={[
          testEvent(1, { title: 'Write report', taskId: 4, taskStatus: 'pending', type: 'appointment' }),
          testEvent(2, {
            title: 'File taxes',
            taskId: 5,
            taskStatus: 'completed',
            startTime: '2026-11-26T11:00:00.000Z',
            endTime: '2026-11-26T11:30:00.000Z',
          }),
          testEvent(3, {
            title: 'Standup',
            startTime: '2026-11-26T08:00:00.000Z',
            endTime: '2026-11-26T08:15:00.000Z',
            recurrence: 'FREQ=DAILY',
            recurringEventId: 3,
            occurrenceStart: '2026-11-26T08:00:00.000Z',
          }),
        ]}
        timezone="UTC"
        onSelectDay={() => undefined}
        onOpenEvent={() => undefined}
      />,
    );
    const block = (title: string) => document.querySelector<HTMLButtonElement>(`button[title="${title}"]`)!;
    expect(block('Write report').getAttribute('aria-description')).toBe('Time block for a task');
    expect(block('Write report').querySelector('[data-mark="task"]')).not.toBeNull();
    expect(block('File taxes').getAttribute('aria-description')).toBe('Time block for a completed task');
    expect(block('File taxes').querySelector('[data-mark="done"]')).not.toBeNull();
    expect(byText('File taxes').style.textDecoration).toBe('line-through');
    expect(block('Standup').getAttribute('aria-description')).toBe('Repeating event');
    expect(block('Standup').querySelector('[data-mark="repeat"]')).not.toBeNull();
  });
});
