/** @jest-environment jsdom */
import '../test-dom';
import { getLocale, setLocale } from '@aide/i18n';
import { act, allByText, cleanup, click, mockFetch, renderScreen, route, testUser, waitFor } from '@aide/testing';
import type { Profile } from '@aide/contracts';
import { useRemoteModules } from '../federation/remote-modules';
import { LanguageSync } from '../i18n/LanguageSync';
import { Sidebar } from '../layout/Sidebar';
import { ThemeProvider } from '../theme/ThemeProvider';
import ProfilePage from './ProfilePage';

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
  pushNotifications: true,
  weeklyDigest: false,
  marketingEmails: false,
  eventReminderMinutes: 10,
  dailyBriefing: 'off',
  briefingTime: '07:30',
  dashboardLayout: null,
};

function renderProfileWithSidebar() {
  let saved = profile;
  const fetch = mockFetch(
    route('GET /api/profile', () => ({ body: saved })),
    route('PATCH /api/profile', (call) => {
      saved = { ...saved, ...(call.body as Partial<Profile>) };
      return { body: saved };
    }),
    route('GET /api/auth/user', { body: testUser }),
    route('GET /api/account/sessions', { body: [] }),
    route('GET /api/account/two-factor', { body: { enabled: false, required: false, recoveryCodesLeft: 0 } }),
    route('GET /api/account', { body: { hasPassword: true, canDeleteSelf: true } }),
  );
  const rendered = renderScreen(
    <ThemeProvider>
      <LanguageSync />
      <Sidebar user={testUser} />
      <ProfilePage />
    </ThemeProvider>,
    { path: '/profile' },
  );
  return { ...fetch, ...rendered };
}

// A whole screen with its catalogs, antd and dayjs locales loading: a few seconds on a shared CPU.
jest.setTimeout(20_000);

const nav = () => document.body.querySelector('nav')!;
const heading = () => document.body.querySelector('h1')!;

beforeEach(() => {
  // The organiser's entries as the loaded remote lists them (in English: the shell names them).
  useRemoteModules.setState({
    registry: [{ id: 'organiser', title: 'Organiser', routes: ['/', '/tasks'], manifestUrl: '/m.json' }],
    states: {
      organiser: {
        status: 'ready',
        module: {
          id: 'organiser',
          version: '1',
          routes: [],
          nav: [
            { path: '/', label: 'Dashboard', order: 10 },
            { path: '/tasks', label: 'Tasks & To-Do', order: 20 },
          ],
        },
      },
    },
  });
});

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

describe('Profile → Language', () => {
  it('switches the whole app to the saved language at once, without a reload', async () => {
    const { calls, toasts } = renderProfileWithSidebar();
    await waitFor(() => document.body.querySelector('#profile-section-preferences'));
    expect(nav().textContent).toContain('Tasks & To-Do');
    expect(heading().textContent).toBe('Profile');

    // Language → Español.
    const language = document.body.querySelector('input[id$="-language"]')!.closest('.ant-select')!;
    await act(async () => {
      language.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitFor(() => allByText('Español', '.ant-select-item-option-content').length > 0);
    await click(allByText('Español', '.ant-select-item-option-content').at(-1)!);
    await click(allByText('Save Changes')[0].closest('button')!);

    await waitFor(() => calls.some((c) => c.method === 'PATCH' && c.url === '/api/profile'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ language: 'es' });

    // Sidebar, page and toast in Spanish, <html lang> too.
    await waitFor(() => heading().textContent === 'Perfil');
    expect(getLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(nav().textContent).toContain('Tareas y pendientes');
    expect(nav().textContent).toContain('Panel');
    expect(document.body.textContent).toContain('Preferencias');
    expect(document.body.textContent).toContain('Guardar cambios');
    expect(toasts.map((t) => t.title)).toContain('Perfil actualizado');
  });
});
