import { button, byText, click, cleanup, mockFetch, renderScreen, route, type, waitFor } from '@aide/testing';
import { testProfile } from '../shared/testEvents';
import { QuickAddBox } from './QuickAddBox';

afterEach(cleanup);

const STAMP = '2026-11-26T15:00:00.000Z';
/** What the API answers to a POST: the sent fields on a stored row. */
const createdTask = (body: object) => ({
  id: 5,
  userId: 1,
  description: null,
  priority: 'medium',
  status: 'pending',
  dueDate: null,
  category: null,
  recurrence: null,
  recurrenceMode: 'on_completion',
  subtasks: [],
  reminderMinutes: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...body,
});
const createdEvent = (body: object) => ({
  id: 9,
  userId: 1,
  description: null,
  type: 'meeting',
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
  createdAt: STAMP,
  updatedAt: STAMP,
  ...body,
});
const profile = route('GET /api/profile', { body: testProfile('Europe/Paris') });
const box = () => document.querySelector<HTMLInputElement>('input[aria-label="Quick add"]')!;
const tagTexts = () =>
  Array.from(document.querySelectorAll('[aria-label="What was understood"] [role="listitem"]')).map((tag) =>
    tag.textContent?.trim(),
  );

describe('QuickAddBox', () => {
  it('opens from ?add=, shows what it understood, and adds the task', async () => {
    const { calls } = mockFetch(
      profile,
      route('POST /api/tasks', (call) => ({ status: 201, body: createdTask(call.body as object) })),
      route('GET /api/tasks', { body: [] }),
    );
    const { toasts, location } = renderScreen(<QuickAddBox />, {
      path: '/tasks?add=Call%20mum%20Friday%20high%20priority',
    });
    await waitFor(() => tagTexts().includes('High priority'));
    expect(box().value).toBe('Call mum Friday high priority');
    expect(location().search).toBe('');
    expect(byText('Call mum').tagName).not.toBe('INPUT');
    expect(tagTexts()[0]).toMatch(/^Due /);

    await click(button('Add task'));
    await waitFor(() => toasts.length > 0);
    expect(toasts).toEqual([{ title: 'Task added: Call mum' }]);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ title: 'Call mum', priority: 'high', status: 'pending' });
    expect(new Date((post.body as { dueDate: string }).dueDate).getUTCDay()).toBe(5);
    expect(box().value).toBe('');
  });

  it('reads a repeat and a place, and the Event/Task switch changes what is added', async () => {
    const { calls } = mockFetch(
      profile,
      route('POST /api/events', (call) => ({ status: 201, body: createdEvent(call.body as object) })),
      route('GET /api/events', { body: [] }),
    );
    const { toasts } = renderScreen(<QuickAddBox />);
    await type(box(), 'Lunch with Sam tomorrow 1pm at Nopa');
    await waitFor(() => tagTexts().includes('Nopa'));
    expect(tagTexts()).toEqual(['Tomorrow 13:00–14:00', 'Nopa']);
    expect(button('Add event')).toBeTruthy();

    await type(box(), 'Pay rent every 1st of the month');
    await waitFor(() => tagTexts().includes('Monthly on day 1'));
    expect(tagTexts()).toEqual([expect.stringMatching(/^Due /), 'Monthly on day 1']);
    // The task line as an event instead: 09:00 on its day, the repeat kept.
    await click(byText('Event', '.ant-segmented-item-label'));
    await waitFor(() => button('Add event'));
    await click(button('Add event'));
    await waitFor(() => toasts.length > 0);
    expect(toasts).toEqual([{ title: 'Event added: Pay rent' }]);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      title: 'Pay rent',
      type: 'meeting',
      recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1',
      timezone: 'Europe/Paris',
    });
  });
});
