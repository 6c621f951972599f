import { allByText, button, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import type { ComposedMessage, OutgoingEmail, SendComposedEmailPayload } from '@aide/contracts';
import { fullDate } from '../shared/time';
import { onReopenedMessage } from './reopenedMessages';
import { useSendMessage } from './useSendMessage';

afterEach(cleanup);

const written: ComposedMessage = {
  integrationId: 3,
  to: ['grace@example.test'],
  cc: [],
  bcc: [],
  subject: 'Engine notes',
  html: '<p>Hi</p>',
  text: 'Hi',
  attachments: [],
  inReplyToEmailId: null,
  draftId: null,
};
const payload: SendComposedEmailPayload = { ...written, sendAt: null };

function outgoing(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    id: 41,
    integrationId: 3,
    to: ['grace@example.test'],
    cc: [],
    bcc: [],
    subject: 'Engine notes',
    // The undo window already over: the tests that need it open give their own time.
    sendAt: new Date(Date.now() - 1_000).toISOString(),
    scheduled: false,
    status: 'waiting',
    error: null,
    sentEmailId: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** What a compose window does: a Send button calling useSendMessage().mutateAsync. */
function Sender({
  body = payload,
  onUndo,
}: {
  body?: SendComposedEmailPayload;
  onUndo?: (m: ComposedMessage) => void;
}) {
  const send = useSendMessage({ onUndo });
  return (
    <button type="button" onClick={() => void send.mutateAsync(body)}>
      Send it
    </button>
  );
}

const notice = (title: string) => allByText(title, '.ant-notification-notice-title').length > 0;

describe('useSendMessage: the notification after Send', () => {
  it('shows Sending… with Undo during the undo window', async () => {
    // A window far longer than the test, so a slow machine still sees it open.
    const fetches = mockFetch(
      route('POST /api/emails/send', {
        status: 202,
        body: outgoing({ sendAt: new Date(Date.now() + 60_000).toISOString() }),
      }),
    );
    renderScreen(<Sender />);
    await click(button('Send it'));
    await waitFor(() => notice('Sending…'));
    expect(button('Undo')).toBeTruthy();
    expect(fetches.calls[0]).toMatchObject({ method: 'POST', url: '/api/emails/send', body: payload });
  });

  it('once the undo window is over, offers no Undo and says Message sent when it left the outbox', async () => {
    // The window already over when the answer arrives (as after a slow send on a busy machine).
    let outbox: OutgoingEmail[] = [outgoing({ sendAt: new Date(Date.now() - 1_000).toISOString() })];
    const fetches = mockFetch(
      route('POST /api/emails/send', { status: 202, body: outbox[0] }),
      route('GET /api/emails/outbox', () => ({ body: outbox })),
    );
    renderScreen(<Sender />);
    await click(button('Send it'));
    // The message is still on its way, then gone from the outbox.
    await waitFor(() => fetches.calls.some((call) => call.url === '/api/emails/outbox'));
    expect(() => button('Undo')).toThrow();
    outbox = [];
    await waitFor(() => notice('Message sent'));
  });

  it('Undo takes the message back and hands it to onUndo', async () => {
    const fetches = mockFetch(
      route('POST /api/emails/send', {
        status: 202,
        body: outgoing({ sendAt: new Date(Date.now() + 60_000).toISOString() }),
      }),
      route('DELETE /api/emails/outbox/41', { body: { message: written } }),
    );
    const undone: ComposedMessage[] = [];
    renderScreen(<Sender onUndo={(message) => undone.push(message)} />);
    await click(button('Send it'));
    await waitFor(() => notice('Sending…'));
    await click(button('Undo'));
    await waitFor(() => notice('Sending undone'));
    expect(undone).toEqual([written]);
    expect(fetches.calls.map((call) => `${call.method} ${call.url}`)).toContain('DELETE /api/emails/outbox/41');
    expect(allByText('“Engine notes” is back for you to edit.').length).toBeGreaterThan(0);
  });

  it('without onUndo, the message waits for the compose window in reopenedMessages', async () => {
    mockFetch(
      route('POST /api/emails/send', {
        status: 202,
        body: outgoing({ sendAt: new Date(Date.now() + 60_000).toISOString() }),
      }),
      route('DELETE /api/emails/outbox/41', { body: { message: written } }),
    );
    renderScreen(<Sender />);
    await click(button('Send it'));
    await waitFor(() => notice('Sending…'));
    await click(button('Undo'));
    await waitFor(() => notice('Sending undone'));
    const reopened: ComposedMessage[] = [];
    const unsubscribe = onReopenedMessage((message) => reopened.push(message));
    expect(reopened).toEqual([written]);
    unsubscribe();
  });

  it('says when a scheduled message will go out', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    mockFetch(route('POST /api/emails/send', { status: 202, body: outgoing({ scheduled: true, sendAt: at }) }));
    renderScreen(<Sender body={{ ...payload, sendAt: at }} />);
    await click(button('Send it'));
    await waitFor(() => notice(`Scheduled for ${fullDate(at)}`));
    expect(button('Undo')).toBeTruthy();
  });

  it('shows the server’s reason when the message could not be sent', async () => {
    const sent = outgoing();
    mockFetch(
      route('POST /api/emails/send', { status: 202, body: sent }),
      route('GET /api/emails/outbox', {
        body: [{ ...sent, status: 'failed', error: 'The mail server refused the message: 554 no' }],
      }),
    );
    renderScreen(<Sender />);
    await click(button('Send it'));
    await waitFor(() => notice('Message not sent'));
    expect(allByText('The mail server refused the message: 554 no').length).toBeGreaterThan(0);
  });
});
