import { allByText, button, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { type ComposedMessage, OUTBOX_ERRORS, type OutgoingEmail } from '@aide/contracts';
import { fullDate } from '../shared/time';
import { onReopenedMessage } from './reopenedMessages';
import ScheduledTab from './ScheduledTab';

afterEach(cleanup);

const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
function outgoing(overrides: Partial<OutgoingEmail>): OutgoingEmail {
  return {
    id: 1,
    integrationId: 3,
    to: ['grace@example.test'],
    cc: [],
    bcc: [],
    subject: 'Quarterly report',
    sendAt: inAnHour,
    scheduled: true,
    status: 'waiting',
    error: null,
    sentEmailId: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
const scheduled = outgoing({});
const failed = outgoing({
  id: 2,
  subject: 'Invoice',
  to: ['a@example.test', 'b@example.test', 'c@example.test'],
  status: 'failed',
  error: 'The mail server refused the message: 550 mailbox unavailable',
  sendAt: new Date(Date.now() - 60_000).toISOString(),
});
const interrupted = outgoing({ id: 3, subject: 'Minutes', status: 'failed', error: OUTBOX_ERRORS.interrupted });
// In its undo window: shown by the Send notification, not here.
const undoWindow = outgoing({ id: 4, subject: 'Just sent', scheduled: false });

const written: ComposedMessage = {
  integrationId: 3,
  to: ['grace@example.test'],
  cc: [],
  bcc: [],
  subject: 'Quarterly report',
  html: '',
  text: 'Numbers',
  attachments: [],
  inReplyToEmailId: null,
  draftId: null,
};

describe('ScheduledTab', () => {
  it('lists scheduled and failed messages with recipient, subject, time and the reason', async () => {
    mockFetch(route('GET /api/emails/outbox', { body: [failed, scheduled, interrupted, undoWindow] }));
    renderScreen(<ScheduledTab />);
    await waitFor(() => allByText('Quarterly report').length > 0);
    expect(allByText('Just sent')).toEqual([]);
    expect(allByText('To: grace@example.test').length).toBe(2);
    expect(allByText('To: a@example.test and 2 others').length).toBe(1);
    expect(allByText(`Sends ${fullDate(inAnHour)}`).length).toBe(1);
    expect(allByText('The mail server refused the message: 550 mailbox unavailable').length).toBe(1);
    expect(allByText(/^Sending was interrupted/).length).toBe(1);
    expect(allByText('Not sent').length).toBe(2);
    expect(allByText('Scheduled').length).toBe(1);
  });

  it('Retry sends a failed message again after the undo window, with the Sending… notification', async () => {
    const fetches = mockFetch(
      route('GET /api/emails/outbox', { body: [failed] }),
      route('PATCH /api/emails/outbox/2', (call) => ({
        body: { ...failed, status: 'waiting', error: null, sendAt: (call.body as { sendAt: string }).sendAt },
      })),
    );
    renderScreen(<ScheduledTab />);
    await waitFor(() => allByText('Invoice').length > 0);
    const before = Date.now();
    await click(button('Retry'));
    await waitFor(() => allByText('Sending…', '.ant-notification-notice-title').length > 0);
    const patch = fetches.calls.find((call) => call.method === 'PATCH')!;
    const at = Date.parse((patch.body as { sendAt: string }).sendAt);
    expect(at).toBeGreaterThanOrEqual(before + 9_000);
    expect(at).toBeLessThan(Date.now() + 11_000);
  });

  it('Send now sends a scheduled message after the undo window; Undo puts it back at its time', async () => {
    const fetches = mockFetch(
      route('GET /api/emails/outbox', { body: [scheduled] }),
      route('PATCH /api/emails/outbox/1', (call) => ({
        body: { ...scheduled, sendAt: (call.body as { sendAt: string }).sendAt },
      })),
    );
    renderScreen(<ScheduledTab />);
    await waitFor(() => allByText('Quarterly report').length > 0);
    await click(button('Send now'));
    await waitFor(() => allByText('Sending…', '.ant-notification-notice-title').length > 0);
    await click(button('Undo'));
    await waitFor(() => allByText('Sending undone', '.ant-notification-notice-title').length > 0);
    expect(allByText(`“Quarterly report” is scheduled again for ${fullDate(inAnHour)}.`).length).toBe(1);
    const patches = fetches.calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
    expect(patches).toHaveLength(2);
    expect(patches[1]).toEqual({ sendAt: inAnHour });
  });

  it('Cancel sending asks first, then hands the message back to edit', async () => {
    const fetches = mockFetch(
      route('GET /api/emails/outbox', { body: [scheduled] }),
      route('DELETE /api/emails/outbox/1', { body: { message: written } }),
    );
    const reopened: ComposedMessage[] = [];
    const unsubscribe = onReopenedMessage((message) => reopened.push(message));
    const { toasts } = renderScreen(<ScheduledTab />);
    await waitFor(() => allByText('Quarterly report').length > 0);
    await click(button('Cancel sending'));
    await waitFor(() => allByText('Cancel sending this message?').length > 0);
    const confirmButtons = Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm-btns button'));
    await click(confirmButtons.find((b) => b.textContent === 'Cancel sending')!);
    await waitFor(() => toasts.length > 0);
    expect(toasts).toEqual([
      { title: 'Sending cancelled', description: '“Quarterly report” is back for you to edit.' },
    ]);
    expect(reopened).toEqual([written]);
    expect(fetches.calls.some((call) => call.method === 'DELETE')).toBe(true);
    unsubscribe();
  });

  it('Reschedule opens a date and time picker with the current time', async () => {
    mockFetch(route('GET /api/emails/outbox', { body: [scheduled] }));
    renderScreen(<ScheduledTab />);
    await waitFor(() => allByText('Quarterly report').length > 0);
    await click(button('Reschedule'));
    await waitFor(() => allByText('Reschedule message').length > 0);
    const input = document.querySelector<HTMLInputElement>('#aide-outbox-send-at')!;
    const expected = new Date(inAnHour);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(input.value).toBe(
      `${expected.getFullYear()}-${pad(expected.getMonth() + 1)}-${pad(expected.getDate())} ${pad(expected.getHours())}:${pad(expected.getMinutes())}`,
    );
  });

  it('says when nothing is scheduled', async () => {
    mockFetch(route('GET /api/emails/outbox', { body: [undoWindow] }));
    renderScreen(<ScheduledTab />);
    await waitFor(() => allByText('No scheduled messages').length > 0);
  });
});
