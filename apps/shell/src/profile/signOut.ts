import { endpointUrl } from '@aide/api-client';
import { authEndpoints } from '@aide/contracts';
import { clearStoredTheme } from '../theme/theme-store';

/** Spec §2: signing out forgets the stored theme preference, then ends the session on the server. */
export function signOut() {
  clearStoredTheme();
  window.location.assign(endpointUrl(authEndpoints.logout));
}
