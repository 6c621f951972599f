import { endpointUrl } from '@aide/api-client';
import { authEndpoints } from '@aide/contracts';

// What a browser gives the store: localStorage, and where sign-out sends the page.
const stored = new Map<string, string>();
const assigned: string[] = [];
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
    removeItem: (k: string) => stored.delete(k),
  },
  window: { location: { assign: (url: string) => assigned.push(url) } },
});

/** A fresh store, as a page load creates it from what is stored. */
async function loadStore() {
  let store!: typeof import('./theme-store');
  let authSignOut!: typeof import('../auth/sign-out');
  let profileSignOut!: typeof import('../profile/signOut');
  await jest.isolateModulesAsync(async () => {
    store = await import('./theme-store');
    authSignOut = await import('../auth/sign-out');
    profileSignOut = await import('../profile/signOut');
  });
  return { ...store, signOuts: [authSignOut.signOut, profileSignOut.signOut] };
}

beforeEach(() => {
  stored.clear();
  assigned.length = 0;
});

describe('the theme preference', () => {
  it("starts from what is stored under 'aide-theme'", async () => {
    for (const preference of ['light', 'dark', 'system'] as const) {
      stored.set('aide-theme', preference);
      expect((await loadStore()).useThemePreference.getState().preference).toBe(preference);
    }
  });

  it('falls back to system when nothing, or nothing valid, is stored', async () => {
    expect((await loadStore()).useThemePreference.getState().preference).toBe('system');
    stored.set('aide-theme', 'sepia');
    expect((await loadStore()).useThemePreference.getState().preference).toBe('system');
  });

  it('remembers a choice for the next visit', async () => {
    const { useThemePreference } = await loadStore();
    useThemePreference.getState().setPreference('dark');
    expect(useThemePreference.getState().preference).toBe('dark');
    expect(stored.get('aide-theme')).toBe('dark');
    expect((await loadStore()).useThemePreference.getState().preference).toBe('dark');
  });

  it('is forgotten on sign-out, which then ends the session on the server', async () => {
    for (const signOut of (await loadStore()).signOuts) {
      stored.set('aide-theme', 'dark');
      signOut();
      expect(stored.has('aide-theme')).toBe(false);
    }
    expect(assigned).toEqual([endpointUrl(authEndpoints.logout), endpointUrl(authEndpoints.logout)]);
  });
});
