// Imports nothing: it runs with the shell's first paint.

/** The service worker (apps/shell/public/sw.js): shows pushed reminders; scope: the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded (never competing with the first paint).
 * A browser without service workers, or a failed registration, leaves the app as it was.
 */
export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
