import type { Task } from '@aide/contracts';
import {
  act,
  allByText,
  button,
  byText,
  cleanup,
  click,
  mockFetch,
  renderScreen,
  route,
  settle,
  type,
  waitFor,
  type Call,
} from '@aide/testing';
import { TaskFormDialog } from './TaskFormDialog';
import { useTasks } from './useTasks';

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

/** The dialog editing `editing` (or creating a task), with the API answering saves; answers the calls. */
function renderForm(editing: Task | null) {
  const { calls } = mockFetch(
    route('GET /api/tasks', { body: [] }),
    route('PATCH /api/tasks/7', (call) => ({ body: { ...task(), ...(call.body as object) } })),
    route('POST /api/tasks', (call) => ({ status: 201, body: { ...task(), ...(call.body as object) } })),
  );
  const closed = jest.fn();
  renderScreen(<TaskFormDialog open task={editing} onClose={closed} />);
  return { calls, closed };
}

const saved = (calls: Call[]) => calls.find((c) => c.method === 'PATCH' || c.method === 'POST');

/** Opens the Select matching `selector` (or holding that element) and picks the option that reads `label`. */
async function pick(selector: string, label: string) {
  const select = document.querySelector(selector)!.closest('.ant-select')!;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await waitFor(() => allByText(label, '.ant-select-item-option-content').length > 0);
  const options = allByText(label, '.ant-select-item-option-content');
  await click(options[options.length - 1]);
}

const input = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

async function press(element: Element, key: string, code = key) {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true }));
    element.dispatchEvent(new KeyboardEvent('keyup', { key, code, bubbles: true, cancelable: true }));
  });
}

/** Edits the title of the step at `position` and leaves the field, as a user does. */
async function rename(position: number, title: string) {
  const field = input(`Subtask ${position}`);
  await act(async () => field.focus());
  await type(field, title);
  await act(async () => field.blur());
}

async function addSubtask(title: string) {
  await type(input('Add subtask'), title);
  await press(input('Add subtask'), 'Enter');
}

describe('TaskFormDialog: repeat, reminder and subtasks', () => {
  it('sends the repeat rule, its mode, the reminder and the checklist', async () => {
    const { calls, closed } = renderForm(task());
    await waitFor(() => byText('Edit Task'));

    await pick('[data-testid="repeat-select"]', 'Weekly on Thursday');
    // The mode choice appears once the task repeats.
    await click(byText('On schedule'));
    await waitFor(() => byText('The next one comes when this one falls due, done or not.'));
    const reminder = input('Add subtask').id.replace(/subtasks$/, 'reminderMinutes');
    await pick(`[id="${reminder}"]`, '15 minutes before');

    await addSubtask('Fill the can');
    await addSubtask('Balcony');
    await addSubtask('   ');
    expect(
      Array.from(document.querySelectorAll('li[data-subtask-id] input[aria-label^="Subtask "]')).map(
        (i) => (i as HTMLInputElement).value,
      ),
    ).toEqual(['Fill the can', 'Balcony']);
    await click(document.querySelector('input[type="checkbox"][aria-label="Mark “Balcony” done"]')!);
    await waitFor(() => byText('1 of 2 done'));

    await click(button('Save Changes'));
    await waitFor(() => closed.mock.calls.length > 0);
    const body = saved(calls)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      recurrence: 'FREQ=WEEKLY',
      recurrenceMode: 'on_schedule',
      reminderMinutes: 15,
      subtasks: [
        { id: expect.any(String), title: 'Fill the can', done: false },
        { id: expect.any(String), title: 'Balcony', done: true },
      ],
    });
  });

  it('renames a step in place and deletes one; a blank rename keeps the old title', async () => {
    const { calls, closed } = renderForm(
      task({
        recurrence: 'FREQ=DAILY',
        reminderMinutes: 0,
        subtasks: [
          { id: 'a', title: 'One', done: true },
          { id: 'b', title: 'Two', done: false },
          { id: 'c', title: 'Three', done: false },
        ],
      }),
    );
    await waitFor(() => byText('Edit Task'));
    expect(byText('At due time')).toBeTruthy();

    await rename(1, 'First');
    await rename(2, '  ');
    await click(button('Delete “Three”'));

    await click(button('Save Changes'));
    await waitFor(() => closed.mock.calls.length > 0);
    expect((saved(calls)?.body as { subtasks: unknown }).subtasks).toEqual([
      { id: 'a', title: 'First', done: true },
      { id: 'b', title: 'Two', done: false },
    ]);
  });

  it('reorders steps from the keyboard (Space, arrow, Space on the handle)', async () => {
    // jsdom lays nothing out: give each step a 40 px row in list order, as a browser would.
    const rect = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const row = this.closest('li[data-subtask-id]');
      const index = row ? Array.from(row.parentElement!.children).indexOf(row) : 0;
      const top = row ? 200 + index * 40 : 0;
      return { x: 0, y: top, top, left: 0, right: 400, bottom: top + 40, width: 400, height: 40, toJSON: () => ({}) };
    });
    try {
      const { calls, closed } = renderForm(
        task({
          subtasks: [
            { id: 'a', title: 'One', done: false },
            { id: 'b', title: 'Two', done: false },
            { id: 'c', title: 'Three', done: false },
          ],
        }),
      );
      await waitFor(() => byText('Edit Task'));
      const handle = button('Move “One”');
      await act(async () => handle.focus());
      await press(handle, ' ', 'Space');
      await settle(20);
      await press(handle, 'ArrowDown');
      await settle(20);
      await press(handle, ' ', 'Space');
      await settle(20);
      await waitFor(
        () =>
          Array.from(document.querySelectorAll('li[data-subtask-id]'))
            .map((li) => li.getAttribute('data-subtask-id'))
            .join() === 'b,a,c',
      );

      await click(button('Save Changes'));
      await waitFor(() => closed.mock.calls.length > 0);
      expect((saved(calls)?.body as { subtasks: { id: string }[] }).subtasks.map((s) => s.id)).toEqual(['b', 'a', 'c']);
    } finally {
      rect.mockRestore();
    }
  });

  it('refuses a repeating task without a due date, with the contract’s message', async () => {
    const { calls } = renderForm(null);
    await waitFor(() => byText('Create New Task'));
    await type(input('Add subtask'), 'unused');
    await type(document.querySelector<HTMLInputElement>('input[placeholder="What needs to be done?"]')!, 'Pay rent');
    await pick('[data-testid="repeat-select"]', 'Daily');
    expect(byText('Pick a due date: a repeating task comes again from it.')).toBeTruthy();
    await click(button('Create Task'));
    await waitFor(() => byText('A repeating task needs a due date'));
    expect(saved(calls)).toBeUndefined();
  });

  it('says when the next one is due after completing a repeating task from the form', async () => {
    const current = task({ recurrence: 'FREQ=DAILY' });
    const { use } = mockFetch(
      route('GET /api/tasks', { body: [current] }),
      route('PATCH /api/tasks/7', () => {
        use(
          route('GET /api/tasks', {
            body: [task({ id: 9, dueDate: '2026-11-27T09:00:00.000Z', recurrence: 'FREQ=DAILY' })],
          }),
        );
        return { body: { ...current, status: 'completed', recurrence: null } };
      }),
    );
    const closed = jest.fn();
    // The list is on screen (its query active), as on the Tasks page.
    function WithList() {
      useTasks();
      return <TaskFormDialog open task={current} onClose={closed} />;
    }
    const { toasts } = renderScreen(<WithList />);
    await waitFor(() => byText('Edit Task'));
    await pick(`[id="${input('Add subtask').id.replace(/subtasks$/, 'status')}"]`, 'Completed');
    await click(button('Save Changes'));
    await waitFor(() => closed.mock.calls.length > 0);
    const local = new Date('2026-11-27T09:00:00.000Z');
    expect(toasts.map((t) => t.title)).toEqual([
      'Task updated successfully',
      `Next: Fri ${local.getDate()} Nov 2026, ${String(local.getHours()).padStart(2, '0')}:00`,
    ]);
  });

  it('creates a plain task with the same payload as before', async () => {
    const { calls, closed } = renderForm(null);
    await waitFor(() => byText('Create New Task'));
    await type(document.querySelector<HTMLInputElement>('input[placeholder="What needs to be done?"]')!, 'Call Bob');
    await click(button('Create Task'));
    await waitFor(() => closed.mock.calls.length > 0);
    expect(saved(calls)?.body).toEqual({ title: 'Call Bob', priority: 'medium', status: 'pending', userId: 1 });
  });
});
