import { Suspense } from 'react';
import type { DashboardHost, DashboardWidgetSize, PlacedDashboardWidget } from '@aide/module-kit';
import { useDashboardPart } from '@aide/ui';
import { emailDashboardSchema } from '@aide/contracts';
import { allByText, button, byText, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import DashboardPage from './DashboardPage';

afterEach(cleanup);

/** A placed widget as the shell hands it out; it renders its title in a region. */
function widget(moduleId: string, id: string, title: string, size: DashboardWidgetSize): PlacedDashboardWidget {
  const Component = () => <section aria-label={title}>{title}</section>;
  return { moduleId, id, key: `${moduleId}.${id}`, title, size, order: 10, Component, Render: Component };
}

const tasks = widget('organiser', 'today-tasks', "Today's Tasks", 'stat');
const unread = widget('email', 'unread', 'Unread Emails', 'stat');
const schedule = widget('organiser', 'schedule', "Today's Schedule", 'half');
const insights = widget('email', 'insights', 'Email Insights', 'half');
const research = widget('research', 'recent', 'Recent Research', 'full');
const all = [tasks, unread, schedule, insights, research];

function renderDashboard(over: Partial<DashboardHost> = {}) {
  const saveLayout = jest.fn<Promise<void>, [{ order: string[]; hidden: string[] }]>(() => Promise.resolve());
  const dashboard: DashboardHost = { visible: all, all, hidden: [], saveLayout, ...over };
  const screen = renderScreen(<DashboardPage />, { host: { dashboard } });
  return { ...screen, saveLayout };
}

/** The titles of the Customise dialog's rows, in order, each with its switch's state. */
const dialogRows = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.ant-modal li')).map(
    (li) =>
      `${li.getAttribute('aria-label')}${li.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true' ? '' : ' (hidden)'}`,
  );

describe('DashboardPage', () => {
  it('greets the user and shows the figures in the top strip and the cards in the grid below, in order', () => {
    const { container } = renderDashboard();
    expect(container.querySelector('h1')?.textContent).toMatch(/^Good (morning|afternoon|evening), Ada Lovelace$/);
    expect(byText("Here's what's happening today")).toBeTruthy();

    const strip = container.querySelector('[role="list"][aria-label="Today at a glance"]')!;
    expect(Array.from(strip.querySelectorAll('[role="listitem"] section')).map((s) => s.textContent)).toEqual([
      "Today's Tasks",
      'Unread Emails',
    ]);
    const grid = strip.parentElement!.querySelectorAll('.ant-row')[1];
    const cols = Array.from(grid.querySelectorAll(':scope > .ant-col'));
    expect(cols.map((col) => col.textContent)).toEqual(["Today's Schedule", 'Email Insights', 'Recent Research']);
    // Half cards take one of two columns on large screens; a full one spans both.
    expect(cols.map((col) => col.classList.contains('ant-col-lg-24'))).toEqual([false, false, true]);
    expect(cols[0].classList.contains('ant-col-lg-12')).toBe(true);
  });

  it('leaves out hidden widgets (host.dashboard.visible only)', () => {
    const { container } = renderDashboard({ visible: [tasks, schedule], hidden: [unread.key, insights.key] });
    expect(container.textContent).not.toContain('Unread Emails');
    expect(container.textContent).not.toContain('Email Insights');
    expect(container.textContent).toContain("Today's Schedule");
  });

  it('shows an empty dashboard with a way to Customise when every card is hidden', async () => {
    renderDashboard({ visible: [], hidden: all.map((w) => w.key) });
    expect(byText('All cards are hidden. Use Customise to show them again.')).toBeTruthy();
    const customise = allByText('Customise', 'button, button *');
    expect(customise.length).toBe(2);
    await click(customise[1].closest('button')!);
    await waitFor(() => document.querySelector('.ant-modal'));
    expect(dialogRows()).toEqual([
      "Today's Tasks (hidden)",
      'Unread Emails (hidden)',
      "Today's Schedule (hidden)",
      'Email Insights (hidden)',
      'Recent Research (hidden)',
    ]);
  });
});

describe("DashboardPage and the cards' data", () => {
  it("asks for the dashboard as it mounts, while the cards' code is still loading", async () => {
    const fetched = mockFetch(route('GET /api/dashboard', { body: { modules: {} } }));
    // A card whose code never arrives: it suspends for good.
    const pending = new Promise<never>(() => {});
    const Loading = () => {
      throw pending;
    };
    // Rendered as the shell renders a card: in its own Suspense, a placeholder until the code comes.
    const Render = () => (
      <Suspense fallback={<section aria-label="Loading card" />}>
        <Loading />
      </Suspense>
    );
    const card = { ...schedule, Component: Loading, Render };
    renderDashboard({ visible: [card], all: [card] });
    await waitFor(() => fetched.calls.some((call) => call.url.endsWith('/api/dashboard')));
    expect(fetched.calls.filter((call) => call.url.endsWith('/api/dashboard'))).toHaveLength(1);
  });

  it('does not ask when every card is hidden', async () => {
    const fetched = mockFetch(route('GET /api/dashboard', { body: { modules: {} } }));
    renderDashboard({ visible: [], hidden: all.map((w) => w.key) });
    await waitFor(() => byText('All cards are hidden. Use Customise to show them again.'));
    expect(fetched.calls.filter((call) => call.url.endsWith('/api/dashboard'))).toEqual([]);
  });
});

describe('DashboardPage when the dashboard cannot be read', () => {
  it("says 'Unable to load dashboard data' under the greeting, and the cards say so too", async () => {
    mockFetch(route('GET /api/dashboard', { status: 500, body: { message: 'Database unavailable' } }));
    function Unread() {
      const part = useDashboardPart('email', emailDashboardSchema);
      return <section aria-label="Unread Emails">{part.isError ? 'Failed to load' : part.data?.unread}</section>;
    }
    const unreadWidget = { ...unread, Component: Unread, Render: Unread };
    const { container } = renderDashboard({ visible: [unreadWidget], all: [unreadWidget] });
    await waitFor(() => byText('Unable to load dashboard data'));
    expect(container.textContent).not.toContain("Here's what's happening today");
    expect(byText('Failed to load')).toBeTruthy();
  });
});

describe('Customise dialog', () => {
  it('hides a card and moves another, then saves the order and the hidden keys', async () => {
    const { saveLayout } = renderDashboard();
    await click(button('Customise'));
    await waitFor(() => document.querySelector('.ant-modal'));
    expect(dialogRows()).toEqual([
      "Today's Tasks",
      'Unread Emails',
      "Today's Schedule",
      'Email Insights',
      'Recent Research',
    ]);
    // The first of a group cannot go up, the last cannot go down.
    expect(button("Move Today's Tasks up").disabled).toBe(true);
    expect(button('Move Unread Emails down').disabled).toBe(true);
    expect(button('Move Recent Research down').disabled).toBe(true);

    await click(button('Show Email Insights'));
    await click(button('Move Recent Research up'));
    await click(button('Move Unread Emails up'));
    expect(dialogRows()).toEqual([
      'Unread Emails',
      "Today's Tasks",
      "Today's Schedule",
      'Recent Research',
      'Email Insights (hidden)',
    ]);

    await click(button('Save'));
    expect(saveLayout).toHaveBeenCalledTimes(1);
    expect(saveLayout).toHaveBeenCalledWith({
      order: ['email.unread', 'organiser.today-tasks', 'organiser.schedule', 'research.recent', 'email.insights'],
      hidden: ['email.insights'],
    });
    await waitFor(() => document.querySelector('.ant-modal') === null);
  });

  it('shows a hidden card again', async () => {
    const { saveLayout } = renderDashboard({ visible: [tasks, schedule], hidden: ['email.unread', 'email.insights'] });
    await click(button('Customise'));
    await click(button('Show Unread Emails'));
    await click(button('Save'));
    expect(saveLayout).toHaveBeenCalledWith({ order: all.map((w) => w.key), hidden: ['email.insights'] });
  });

  it('resets to the default layout: nothing hidden, the modules’ own order', async () => {
    const { saveLayout } = renderDashboard({ visible: [tasks], hidden: ['email.unread'] });
    await click(button('Customise'));
    await click(button('Reset to default'));
    expect(saveLayout).toHaveBeenCalledWith({ order: [], hidden: [] });
  });

  it('changes nothing when cancelled', async () => {
    const { saveLayout } = renderDashboard();
    await click(button('Customise'));
    await click(button('Show Recent Research'));
    await click(button('Cancel'));
    expect(saveLayout).not.toHaveBeenCalled();
    await click(button('Customise'));
    expect(dialogRows()).toContain('Recent Research');
  });

  it('keeps the dialog open and says so when the layout could not be saved', async () => {
    const { toasts } = renderDashboard({ saveLayout: () => Promise.reject(new Error('500: down')) });
    await click(button('Customise'));
    await click(button('Save'));
    await waitFor(() => toasts.length > 0);
    expect(toasts).toEqual([{ title: 'Could not save the dashboard layout', variant: 'destructive' }]);
    expect(document.querySelector('.ant-modal')).not.toBeNull();
  });
});
