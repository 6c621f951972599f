/** @jest-environment jsdom */
import '../test-dom';
import {
  act,
  allByText,
  byText,
  cleanup,
  click,
  mockFetch,
  renderScreen,
  route,
  testUser,
  waitFor,
} from '@aide/testing';
import type { Profile } from '@aide/contracts';
import { ThemeProvider } from '../theme/ThemeProvider';
import ProfilePage from './ProfilePage';

/**
 * The profile's Push Notifications switch against a browser's push APIs: jsdom has none, so these
 * stand in for a browser's service worker registration, PushManager and Notification permission.
 */
const VAPID_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))).toString('base64url');
const SUBSCRIPTION = {
  endpoint: 'https://push.example.test/wp/abc',
  keys: { p256dh: 'BPublicKey', auth: 'AuthSecret' },
};

interface FakeBrowser {
  permission: NotificationPermission;
  answerPermission: NotificationPermission;
  subscription: { endpoint: string; options: { applicationServerKey: ArrayBuffer }; unsubscribe: jest.Mock } | null;
  subscribe: jest.Mock;
  requestPermission: jest.Mock;
}

function fakeBrowser(options: { supported?: boolean; permission?: NotificationPermission; subscribed?: boolean }) {
  const browser: FakeBrowser = {
    permission: options.permission ?? 'default',
    answerPermission: 'granted',
    subscription: null,
    subscribe: jest.fn(),
    requestPermission: jest.fn(),
  };
  const makeSubscription = (key: Uint8Array) => ({
    endpoint: SUBSCRIPTION.endpoint,
    options: { applicationServerKey: key.slice().buffer },
    unsubscribe: jest.fn(async () => {
      browser.subscription = null;
      return true;
    }),
    toJSON: () => ({ ...SUBSCRIPTION, expirationTime: null }),
  });
  browser.subscribe.mockImplementation(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
    browser.subscription = makeSubscription(applicationServerKey);
    return browser.subscription;
  });
  browser.requestPermission.mockImplementation(async () => (browser.permission = browser.answerPermission));
  if (options.subscribed) browser.subscription = makeSubscription(Buffer.from(VAPID_KEY, 'base64url'));
  const registration = {
    pushManager: { getSubscription: async () => browser.subscription, subscribe: browser.subscribe },
  };
  const supported = options.supported ?? true;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: supported
      ? {
          getRegistration: async () => registration,
          register: async () => registration,
          ready: Promise.resolve(registration),
        }
      : undefined,
  });
  if (!supported) delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  Object.assign(window, { PushManager: supported ? class {} : undefined });
  if (!supported) delete (window as { PushManager?: unknown }).PushManager;
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return browser.permission;
      },
      requestPermission: browser.requestPermission,
    },
  });
  return browser;
}

const profile: Profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: testUser.email,
  profileImageUrl: null,
  bio: null,
  location: null,
  timezone: 'UTC',
  language: 'en',
  theme: 'light',
  emailNotifications: true,
  pushNotifications: false,
  weeklyDigest: false,
  marketingEmails: false,
  eventReminderMinutes: 10,
  dailyBriefing: 'off',
  briefingTime: '07:30',
  dashboardLayout: null,
};

function renderProfile(start: Partial<Profile> = {}) {
  let saved = { ...profile, ...start };
  const fetch = mockFetch(
    route('GET /api/profile', () => ({ body: saved })),
    route('PATCH /api/profile', (call) => {
      saved = { ...saved, ...(call.body as Partial<Profile>) };
      return { body: saved };
    }),
    route('GET /api/push/public-key', { body: { publicKey: VAPID_KEY } }),
    route('POST /api/push/subscriptions', { status: 204 }),
    route('DELETE /api/push/subscriptions', { status: 204 }),
    route('GET /api/auth/user', { body: testUser }),
    route('GET /api/account/sessions', { body: [] }),
    route('GET /api/account/two-factor', { body: { enabled: false, required: false, recoveryCodesLeft: 0 } }),
    route('GET /api/account', { body: { hasPassword: true, canDeleteSelf: true } }),
  );
  renderScreen(
    <ThemeProvider>
      <ProfilePage />
    </ThemeProvider>,
    { path: '/profile' },
  );
  return fetch;
}

jest.setTimeout(20_000);

const pushSwitch = () => document.body.querySelector<HTMLButtonElement>('button[id$="-pushNotifications"]')!;
const pushStatus = () => document.body.querySelector('[id$="-pushNotifications-browser"]')!.textContent;
const save = () => click(allByText('Save Changes')[0].closest('button')!);

afterEach(() => cleanup());

describe('Profile → Push Notifications', () => {
  it("turning it on asks the browser, subscribes with the server's key and hands the subscription to the server", async () => {
    const browser = fakeBrowser({});
    const { calls } = renderProfile();
    await waitFor(() => pushSwitch());
    expect(pushSwitch().getAttribute('aria-checked')).toBe('false');

    await click(pushSwitch());
    await waitFor(() => pushStatus() === 'On in this browser.');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [{ applicationServerKey, userVisibleOnly }] = browser.subscribe.mock.calls[0];
    expect(userVisibleOnly).toBe(true);
    expect(Buffer.from(applicationServerKey).toString('base64url')).toBe(VAPID_KEY);
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/push/subscriptions').map((c) => c.body)).toEqual([
      { ...SUBSCRIPTION, expirationTime: null },
    ]);

    // The setting itself is saved with the form.
    expect(pushSwitch().getAttribute('aria-checked')).toBe('true');
    await save();
    await waitFor(() => calls.some((c) => c.method === 'PATCH'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ pushNotifications: true });
  });

  it("turning it off drops this browser's subscription, on the server and in the browser", async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const subscription = browser.subscription!;
    const { calls } = renderProfile({ pushNotifications: true });
    await waitFor(() => pushStatus() === 'On in this browser.');

    await click(pushSwitch());
    await waitFor(() => calls.some((c) => c.method === 'DELETE'));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(
      `/api/push/subscriptions?endpoint=${encodeURIComponent(SUBSCRIPTION.endpoint)}`,
    );
    await waitFor(() => subscription.unsubscribe.mock.calls.length === 1);
    expect(pushSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('explains notifications blocked in this browser, and subscribes nothing', async () => {
    const browser = fakeBrowser({});
    browser.answerPermission = 'denied';
    const { calls } = renderProfile();
    await waitFor(() => pushSwitch());
    await click(pushSwitch());
    await waitFor(() => pushStatus()?.startsWith('Notifications are blocked for Aide in this browser.'));
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url === '/api/push/subscriptions')).toBe(false);
  });

  it('explains a browser that cannot take push, and one whose push service is out of reach', async () => {
    fakeBrowser({ supported: false });
    renderProfile({ pushNotifications: true });
    await waitFor(() => pushStatus() === 'This browser cannot show push notifications.');
    cleanup();

    const browser = fakeBrowser({});
    browser.subscribe.mockRejectedValue(new DOMException('Registration failed - push service error', 'AbortError'));
    renderProfile({ pushNotifications: true });
    // On for the account, not yet here: a button turns it on in this browser.
    await waitFor(() => pushStatus()?.startsWith('Not on in this browser yet.'));
    await click(byText('Turn on here').closest('button')!);
    await waitFor(() => pushStatus() === 'This browser’s push service could not be reached. Try again later.');
  });
});

describe('Profile → Default event reminder', () => {
  it('offers none, at start and minutes to a day before, and saves the choice', async () => {
    fakeBrowser({});
    const { calls } = renderProfile();
    await waitFor(() => document.body.querySelector('input[id$="-eventReminderMinutes"]'));
    const select = document.body.querySelector('input[id$="-eventReminderMinutes"]')!.closest('.ant-select')!;
    expect(select.textContent).toBe('10 minutes before');
    await act(async () => {
      select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitFor(() => allByText('1 hour before', '.ant-select-item-option-content').length > 0);
    expect(allByText(/./, '.ant-select-item-option-content').map((o) => o.textContent)).toEqual([
      'None',
      'At start',
      '5 minutes before',
      '10 minutes before',
      '15 minutes before',
      '30 minutes before',
      '1 hour before',
      '1 day before',
    ]);
    await click(allByText('None', '.ant-select-item-option-content').at(-1)!);
    await save();
    await waitFor(() => calls.some((c) => c.method === 'PATCH'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ eventReminderMinutes: null });
  });
});
