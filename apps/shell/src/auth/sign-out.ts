import { endpointUrl } from '@aide/api-client';
import { authEndpoints } from '@aide/contracts';
import { pushSupported, unsubscribeThisBrowser } from '../push/serviceWorker';
import { clearStoredTheme } from '../theme/theme-store';

/** However the push service answers, sign-out waits no longer than this. */
const PUSH_FORGET_LIMIT_MS = 2000;

/**
 * Spec §2: sign-out clears the stored theme preference, then the server ends the session. Before
 * that, this browser's push subscription is forgotten, so the account's reminders stop reaching a
 * shared computer once its person has left.
 */
export function signOut() {
  clearStoredTheme();
  const leave = () => window.location.assign(endpointUrl(authEndpoints.logout));
  if (!pushSupported()) return leave();
  const limit = new Promise((resolve) => setTimeout(resolve, PUSH_FORGET_LIMIT_MS));
  void Promise.race([unsubscribeThisBrowser().catch(() => undefined), limit]).then(leave);
}
