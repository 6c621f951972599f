import type { EmailDashboard } from '@aide/contracts';
import { byText, button, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { EmailInsightsCard, UnreadEmailsStat } from './widgets';

afterEach(cleanup);

const email: EmailDashboard = {
  unread: 14,
  urgentUnread: 3,
  insights: { urgent: 3, important: 5, regular: 6, autoResponses: { meetings: 2, inquiries: 1 } },
};
const dashboard = (part: unknown) => route('GET /api/dashboard', { body: { modules: { organiser: {}, email: part } } });

describe('Unread Emails (stat)', () => {
  it("shows the unread count and the spec's 'N marked urgent' with the real figure", async () => {
    mockFetch(dashboard(email));
    const { container } = renderScreen(<UnreadEmailsStat />);
    await waitFor(() => byText('3 marked urgent'));
    expect(byText('Unread Emails')).toBeTruthy();
    expect(container.querySelector('.ant-statistic-content')?.textContent).toBe('14');
  });

  it("shows '–' and the spec's error when the dashboard failed to load", async () => {
    mockFetch(route('GET /api/dashboard', { status: 500, body: { message: 'Database unavailable' } }));
    const { container } = renderScreen(<UnreadEmailsStat />);
    await waitFor(() => byText('Failed to load dashboard data. Please try again.'));
    expect(container.querySelector('.ant-statistic-content')?.textContent).toBe('–');
  });
});

describe('Email Insights (card)', () => {
  it('shows unread mail by urgency and the auto-responses; Open Inbox goes to /email', async () => {
    mockFetch(dashboard(email));
    const navigate = jest.fn();
    const { container } = renderScreen(<EmailInsightsCard />, { host: { navigate } });
    const card = await waitFor(() => container.querySelector('[role="region"][aria-label="Email Insights"]')!);
    await waitFor(() => byText('Urgent'));
    const figures = Array.from(card.querySelectorAll('dl[aria-label="Emails by urgency"] dt')).map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    );
    expect(figures).toEqual(['Urgent: 3', 'Important: 5', 'Regular: 6']);
    expect(byText('Meetings').previousElementSibling?.textContent).toBe('2');
    expect(byText('Inquiries').previousElementSibling?.textContent).toBe('1');
    await click(button('Open Inbox'));
    expect(navigate).toHaveBeenCalledWith('/email');
  });

  it('shows a skeleton while the dashboard loads', () => {
    mockFetch(); // the skeleton is the first paint, before any answer
    const { container } = renderScreen(<EmailInsightsCard />);
    expect(container.querySelector('.ant-card-loading .ant-skeleton')).not.toBeNull();
  });

  it("shows the spec's error with Retry when its part breaks the schema, and no figures", async () => {
    mockFetch(dashboard({ unread: 'many' }));
    const { container } = renderScreen(<EmailInsightsCard />);
    await waitFor(() => byText('Failed to load dashboard data. Please try again.'));
    expect(button('Retry')).toBeTruthy();
    expect(container.querySelector('dl[aria-label="Emails by urgency"]')).toBeNull();
  });
});
