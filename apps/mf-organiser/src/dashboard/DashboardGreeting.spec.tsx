import { button, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { testProfile } from '../shared/testEvents';
import DashboardPage from './DashboardPage';

/** Only the clock is fake, at `now`: timers, microtasks and animation frames stay real. */
const fakeClock = (now: string) =>
  jest.useFakeTimers({
    now: new Date(now),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const heading = () => document.querySelector('h1')?.textContent;

describe("the dashboard's greeting", () => {
  it("follows the profile's timezone, not the browser's clock: 12:27 in Tokyo is the afternoon", async () => {
    // 03:27 UTC: morning in UTC, 12:27 in Tokyo, 19:27 the day before in Los Angeles.
    fakeClock('2026-11-26T03:27:00Z');
    mockFetch(route('GET /api/profile', { body: testProfile('Asia/Tokyo') }));
    renderScreen(<DashboardPage />);
    await waitFor(() => heading() === 'Good afternoon, Ada Lovelace');
  });

  it('says good evening to a Los Angeles profile at the same instant', async () => {
    fakeClock('2026-11-26T03:27:00Z');
    mockFetch(route('GET /api/profile', { body: testProfile('America/Los_Angeles') }));
    renderScreen(<DashboardPage />);
    await waitFor(() => heading() === 'Good evening, Ada Lovelace');
  });
});

describe('the Customise dialog and the keyboard', () => {
  it('gives focus back to the Customise button when it closes', async () => {
    renderScreen(<DashboardPage />);
    const customise = button('Customise');
    customise.focus();
    await click(customise);
    await waitFor(() => document.querySelector('.ant-modal'));
    // The dialog takes the focus…
    await waitFor(() => document.querySelector('.ant-modal-wrap')?.contains(document.activeElement), 2000);
    await click(button('Cancel'));
    await waitFor(() => document.querySelector('.ant-modal') === null && document.activeElement === customise);
  });
});
