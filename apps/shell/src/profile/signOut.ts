import { clearStoredTheme } from '../theme/theme-store';

/** Spec §2: signing out forgets the stored theme preference, then ends the session on the server. */
export function signOut() {
  clearStoredTheme();
  window.location.assign('/api/logout');
}
