import { cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { testProfile } from '../shared/testEvents';
import DashboardPage from './DashboardPage';

// Only the clock is fake: timers, microtasks and animation frames stay real.
const clockOnly = {
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
} as const;

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const heading = () => document.querySelector('h1')?.textContent;

describe("the dashboard's greeting", () => {
  it("follows the profile's timezone, not the browser's clock: 12:27 in Tokyo is the afternoon", async () => {
    // 03:27 UTC: morning in UTC, 12:27 in Tokyo, 19:27 the day before in Los Angeles.
    jest.useFakeTimers({ ...clockOnly, now: new Date('2026-11-26T03:27:00Z') });
    mockFetch(route('GET /api/profile', { body: testProfile('Asia/Tokyo') }));
    renderScreen(<DashboardPage />);
    await waitFor(() => heading() === 'Good afternoon, Ada Lovelace');
  });

  it('says good evening to a Los Angeles profile at the same instant', async () => {
    jest.useFakeTimers({ ...clockOnly, now: new Date('2026-11-26T03:27:00Z') });
    mockFetch(route('GET /api/profile', { body: testProfile('America/Los_Angeles') }));
    renderScreen(<DashboardPage />);
    await waitFor(() => heading() === 'Good evening, Ada Lovelace');
  });
});
