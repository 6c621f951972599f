import type { NewsletterSender } from '@aide/contracts';
import { button, byText, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import NewslettersPanel from './NewslettersPanel';

afterEach(cleanup);

const sender = (overrides: Partial<NewsletterSender>): NewsletterSender => ({
  sender: 'digest@news.test',
  name: 'Weekly Digest',
  count: 3,
  unread: 2,
  inInbox: 3,
  lastReceivedAt: new Date().toISOString(),
  unsubscribe: 'one-click',
  unsubscribedAt: null,
  keepArchiving: false,
  ...overrides,
});

describe('NewslettersPanel', () => {
  it('lists senders with their counts, and Unsubscribe posts the sender and says it is done', async () => {
    const { calls } = mockFetch(
      route('GET /api/emails/newsletters', { body: [sender({})] }),
      route('GET /api/emails/sender-rules', { body: [] }),
      route('POST /api/emails/newsletters/unsubscribe', { body: { method: 'one-click', url: null } }),
    );
    const { toasts } = renderScreen(<NewslettersPanel />);
    await waitFor(() => byText('Weekly Digest'));
    expect(document.body.textContent).toContain('3 messages');
    expect(document.body.textContent).toContain('2 unread');
    await click(button('Unsubscribe from Weekly Digest'));
    await waitFor(() => toasts.length > 0);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/emails/newsletters/unsubscribe',
      body: { sender: 'digest@news.test' },
    });
    expect(toasts).toContainEqual({ title: 'Unsubscribed from Weekly Digest' });
  });

  it('opens the sender’s page in a new tab when a link is the only way, and fetches nothing itself', async () => {
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    mockFetch(
      route('GET /api/emails/newsletters', { body: [sender({ unsubscribe: 'link' })] }),
      route('GET /api/emails/sender-rules', { body: [] }),
      route('POST /api/emails/newsletters/unsubscribe', { body: { method: 'link', url: 'https://news.test/leave' } }),
    );
    const { toasts } = renderScreen(<NewslettersPanel />);
    await click(await waitFor(() => button('Unsubscribe from Weekly Digest')));
    await waitFor(() => tab.location.href === 'https://news.test/leave');
    expect(tab.opener).toBeNull();
    expect(toasts).toContainEqual({ title: 'The unsubscribe page of Weekly Digest opened in a new tab' });
    open.mockRestore();
  });

  it('shows a refusal as a readable error toast', async () => {
    mockFetch(
      route('GET /api/emails/newsletters', { body: [sender({})] }),
      route('GET /api/emails/sender-rules', { body: [] }),
      route('POST /api/emails/newsletters/unsubscribe', {
        status: 502,
        body: { message: 'The sender’s unsubscribe address refused the request' },
      }),
    );
    const { toasts } = renderScreen(<NewslettersPanel />);
    await click(await waitFor(() => button('Unsubscribe from Weekly Digest')));
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toMatchObject({
      description: 'The sender’s unsubscribe address refused the request',
      variant: 'destructive',
    });
  });

  it('Keep archiving adds a rule for the sender, listed under Sender rules', async () => {
    let rules: unknown[] = [];
    const { calls } = mockFetch(
      route('GET /api/emails/newsletters', { body: [sender({})] }),
      route('GET /api/emails/sender-rules', () => ({ body: rules })),
      route('POST /api/emails/sender-rules', (call) => {
        rules = [{ id: 3, ...(call.body as object), createdAt: new Date().toISOString() }];
        return { status: 201, body: rules[0] };
      }),
    );
    renderScreen(<NewslettersPanel />);
    const toggle = await waitFor(() =>
      document.querySelector<HTMLButtonElement>('[role="switch"][aria-label="Keep archiving mail from Weekly Digest"]'),
    );
    await click(toggle!);
    await waitFor(() => byText('Archive new mail'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ sender: 'digest@news.test', kind: 'archive' });
  });
});
