import type { Task } from '@aide/contracts';
import { byText, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import TasksPage from './TasksPage';

afterEach(cleanup);

const task = (over: Partial<Task> = {}): Task => ({
  id: 7,
  userId: 1,
  title: 'Water the plants',
  description: null,
  priority: 'medium',
  status: 'pending',
  // Thursday 26 November 2026, 09:00 UTC (the profile falls back to UTC here).
  dueDate: '2026-11-26T09:00:00.000Z',
  category: null,
  recurrence: null,
  recurrenceMode: 'on_completion',
  subtasks: [],
  reminderMinutes: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

const steps = (done: number, total: number) =>
  Array.from({ length: total }, (_, i) => ({ id: `s${i}`, title: `Step ${i + 1}`, done: i < done }));

const card = (title: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('ul[aria-label="Tasks"] > li')).find((li) =>
    li.textContent?.includes(title),
  )!;

describe('the task card', () => {
  it('shows subtask progress as 2/5 and the repeat rule as a sentence', async () => {
    mockFetch(
      route('GET /api/tasks', {
        body: [task({ subtasks: steps(2, 5), recurrence: 'FREQ=WEEKLY' }), task({ id: 8, title: 'Plain' })],
      }),
    );
    renderScreen(<TasksPage />);
    await waitFor(() => card('Water the plants'));

    const progress = card('Water the plants').querySelector('[data-testid="subtask-progress"]')!;
    expect(progress.textContent?.trim()).toBe('2/5');
    expect(progress.getAttribute('aria-label')).toBe('2/5 subtasks done');
    expect(card('Water the plants').querySelector('[data-testid="task-repeats"]')?.getAttribute('aria-label')).toBe(
      'Repeats: Weekly on Thu',
    );
    expect(card('Plain').querySelector('[data-testid="subtask-progress"]')).toBeNull();
    expect(card('Plain').querySelector('[data-testid="task-repeats"]')).toBeNull();
  });

  it('opens the checklist from the progress tag and ticks a step, sending the whole list', async () => {
    const { calls } = mockFetch(
      route('GET /api/tasks', { body: [task({ subtasks: steps(2, 3) })] }),
      route('PATCH /api/tasks/7', (call) => ({ body: { ...task(), ...(call.body as object) } })),
    );
    renderScreen(<TasksPage />);
    await waitFor(() => card('Water the plants'));
    await click(card('Water the plants').querySelector('[data-testid="subtask-progress"]')!);
    await click(byText('Step 3').closest('label')!.querySelector('input')!);
    await waitFor(() => calls.find((c) => c.method === 'PATCH'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ subtasks: steps(3, 3) });
  });

  it('says when the next one is due after completing a repeating task', async () => {
    const current = task({ recurrence: 'FREQ=WEEKLY' });
    const { use } = mockFetch(
      route('GET /api/tasks', { body: [current] }),
      route('PATCH /api/tasks/7', () => {
        // The next occurrence is in the list the completion makes stale.
        use(
          route('GET /api/tasks', {
            body: [
              task({ id: 9, dueDate: '2026-12-03T09:00:00.000Z', recurrence: 'FREQ=WEEKLY' }),
              { ...current, status: 'completed', recurrence: null },
            ],
          }),
        );
        return { body: { ...current, status: 'completed', recurrence: null } };
      }),
    );
    const { toasts } = renderScreen(<TasksPage />);
    await waitFor(() => card('Water the plants'));
    await click(card('Water the plants').querySelector('input[type="checkbox"]')!);
    await waitFor(() => toasts.find((t) => String(t.title).startsWith('Next:')));
    const local = new Date('2026-12-03T09:00:00.000Z');
    expect(toasts.map((t) => t.title)).toContain(
      `Next: Thu ${local.getDate()} Dec 2026, ${String(local.getHours()).padStart(2, '0')}:00`,
    );
  });
});
