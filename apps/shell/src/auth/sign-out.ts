import { endpointUrl } from '@aide/api-client';
import { authEndpoints } from '@aide/contracts';
import { clearStoredTheme } from '../theme/theme-store';

/** Spec §2: sign-out clears the stored theme preference, then the server ends the session. */
export function signOut() {
  clearStoredTheme();
  window.location.assign(endpointUrl(authEndpoints.logout));
}
