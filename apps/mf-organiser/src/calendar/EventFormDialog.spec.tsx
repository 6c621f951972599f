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
  type,
  waitFor,
} from '@aide/testing';
import { testEvent, testProfile } from '../shared/testEvents';
import { EventFormDialog } from './EventFormDialog';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const TZ = 'Europe/Paris';
// The occurrence of a weekly series (id 7) on Thursday 3 December, 09:00–09:15 in Paris.
const occurrence = testEvent(7, {
  title: 'Standup',
  startTime: '2026-12-03T08:00:00.000Z',
  endTime: '2026-12-03T08:15:00.000Z',
  recurrence: 'FREQ=WEEKLY',
  timezone: TZ,
  recurringEventId: 7,
  occurrenceStart: '2026-12-03T08:00:00.000Z',
});

function renderDialog(event: typeof occurrence | null, dayKey = '2026-12-03') {
  const fetches = mockFetch(
    route('GET /api/profile', { body: testProfile(TZ) }),
    route('GET /api/events', { body: [] }),
    route('POST /api/events', ({ body }) => ({ status: 201, body: testEvent(9, body as object) })),
    route('PATCH /api/events/7', { body: occurrence }),
    route('DELETE /api/events/7', { status: 204 }),
  );
  const onClose = jest.fn();
  const screen = renderScreen(<EventFormDialog open event={event} dayKey={dayKey} timezone={TZ} onClose={onClose} />);
  return { ...fetches, ...screen, onClose };
}

const dialog = (title: string) =>
  Array.from(document.querySelectorAll('.ant-modal')).find(
    (m) => m.querySelector('.ant-modal-title')?.textContent === title,
  );

/** Opens the Select inside `root` whose element has `id`, and picks `label`. */
async function pick(select: Element, label: string) {
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await waitFor(() => allByText(label, '.ant-select-item-option-content').length > 0);
  const options = allByText(label, '.ant-select-item-option-content');
  await click(options[options.length - 1]);
}
const selectOf = (label: string) => {
  const item = Array.from(document.querySelectorAll('.ant-form-item')).find(
    (i) => i.querySelector('.ant-form-item-label')?.textContent === label,
  )!;
  return item.querySelector('.ant-select')!;
};

describe('the event form', () => {
  it("marks today in the start picker on the profile timezone's clock, not the browser's", async () => {
    // 18:00 UTC on 26 November is 03:00 on the 27th in Tokyo and 10:00 on the 26th in Los Angeles, two
    // of the profile's zones. Wherever this test runs, the browser's own day differs from one of the two.
    jest.useFakeTimers({ now: new Date('2026-11-26T18:00:00Z'), doNotFake: ['setTimeout', 'clearTimeout'] });
    for (const [zone, today] of [
      ['Asia/Tokyo', '2026-11-27'],
      ['America/Los_Angeles', '2026-11-26'],
    ] as const) {
      mockFetch(route('GET /api/profile', { body: testProfile(zone) }), route('GET /api/events', { body: [] }));
      renderScreen(<EventFormDialog open event={null} dayKey="2026-11-26" timezone={zone} onClose={() => undefined} />);
      await waitFor(() => byText('Add Event'));
      const start = Array.from(document.querySelectorAll('.ant-form-item'))
        .find((item) => item.querySelector('.ant-form-item-label')?.textContent === 'Start time')!
        .querySelector('input')!;
      await act(async () => {
        start.focus();
        start.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
        start.click();
      });
      // The panel opens on the new event's day, 26 November.
      expect(document.querySelector('td.ant-picker-cell-today')?.getAttribute('title')).toBe(today);
      cleanup();
    }
  });

  it('creates a weekly event that repeats in the profile timezone, with a chosen reminder', async () => {
    // Monday 30 November: a new event starts at 09:00 there.
    const { calls } = renderDialog(null, '2026-11-30');
    await waitFor(() => byText('Add Event'));
    await type(document.querySelector<HTMLInputElement>('input#event-title, .ant-modal input')!, 'Standup');
    await pick(selectOf('Repeat'), 'Weekly on Monday');
    expect(byText('Weekly on Mon')).toBeTruthy();
    // The reminder's default names the profile's ten minutes.
    expect(selectOf('Reminder').textContent).toBe('Default (10 minutes before)');
    await pick(selectOf('Reminder'), '30 minutes before');
    await click(button('Create Event'));
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      title: 'Standup',
      startTime: '2026-11-30T08:00:00.000Z',
      recurrence: 'FREQ=WEEKLY',
      timezone: TZ,
      reminders: [30],
    });
  });

  it('asks which events an edit of an occurrence is for, and sends the scope and the occurrence', async () => {
    const { calls, onClose } = renderDialog(occurrence);
    await waitFor(() => byText('Edit Event'));
    await type(document.querySelector<HTMLInputElement>('.ant-modal input')!, 'Daily sync');
    await click(button('Save Changes'));
    const scope = (await waitFor(() => dialog('Edit repeating event')))!;
    const choices = Array.from(scope.querySelectorAll('.ant-radio-wrapper')).map((r) => r.textContent);
    expect(choices).toEqual(['This event', 'This and following events', 'All events']);
    // Nothing is sent before the answer.
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await click(byText('All events'));
    await click(button('OK'));
    await waitFor(() => calls.some((c) => c.method === 'PATCH'));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/events/7?scope=all&occurrence=2026-12-03T08%3A00%3A00.000Z',
      body: { title: 'Daily sync' },
    });
    await waitFor(() => onClose.mock.calls.length > 0);
  });

  it('sends nothing when the scope question is cancelled', async () => {
    const { calls, onClose } = renderDialog(occurrence);
    await waitFor(() => byText('Edit Event'));
    await click(button('Save Changes'));
    const scope = (await waitFor(() => dialog('Edit repeating event')))!;
    await click(scope.querySelector('.ant-modal-footer button')!);
    // The form stays open with its changes.
    expect(byText('Edit Event')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no "This event" when the repeat rule itself changed', async () => {
    const { calls } = renderDialog(occurrence);
    await waitFor(() => byText('Edit Event'));
    // A first question, cancelled, then a second one after the rule changed.
    await click(button('Save Changes'));
    const first = (await waitFor(() => dialog('Edit repeating event')))!;
    await click(first.querySelector('.ant-modal-footer button')!);
    await pick(selectOf('Repeat'), 'Daily');
    await click(button('Save Changes'));
    await waitFor(
      () =>
        Array.from(document.querySelectorAll('.ant-modal')).filter(
          (m) =>
            m.querySelector('.ant-modal-title')?.textContent === 'Edit repeating event' &&
            m.querySelectorAll('.ant-radio-wrapper').length === 2,
        ).length === 1,
    );
    const scope = Array.from(document.querySelectorAll('.ant-modal')).find(
      (m) => m.querySelectorAll('.ant-radio-wrapper').length === 2,
    )!;
    expect(scope.querySelector<HTMLInputElement>('input[value="following"]')!.checked).toBe(true);
    expect(Array.from(scope.querySelectorAll('.ant-radio-wrapper')).map((r) => r.textContent)).toEqual([
      'This and following events',
      'All events',
    ]);
    await click(button('OK'));
    await waitFor(() => calls.some((c) => c.method === 'PATCH'));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/events/7?scope=following&occurrence=2026-12-03T08%3A00%3A00.000Z',
      body: { recurrence: 'FREQ=DAILY' },
    });
  });

  it('deletes "this and following" occurrences of a series after asking', async () => {
    const { calls } = renderDialog(occurrence);
    await waitFor(() => byText('Edit Event'));
    await click(button('Delete'));
    const scope = (await waitFor(() => dialog('Delete repeating event')))!;
    await click(byText('This and following events'));
    await click(scope.querySelector<HTMLButtonElement>('.ant-btn-dangerous')!);
    await waitFor(() => calls.some((c) => c.method === 'DELETE'));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(
      '/api/events/7?scope=following&occurrence=2026-12-03T08%3A00%3A00.000Z',
    );
  });
});
