import type { Request } from 'express';
import { smallPage } from './small-page';

export const SIGN_OUT_CONFIRM_TITLE = 'Sign out?';

/**
 * Whether GET /api/logout may end the session at once. It is a navigation (the shell's "Sign out"
 * is a link), but a GET is also what another site can make a browser send: a link, a redirect, an
 * <img>. The browser's Fetch Metadata tells them apart: the app's own navigation (same-origin),
 * or the person typing the address or opening a bookmark (none), signs out; anything another site
 * started — cross-site, and same-site too (another port or subdomain is another origin, the kind
 * of page the outside test attacked from) — or a same-origin request that is not a navigation (an
 * <img> in content) gets a confirmation page instead. Without the headers (older browsers, curl)
 * the behaviour stays as it was.
 */
export function mayEndSessionAtOnce(request: Request): boolean {
  const site = request.get('sec-fetch-site');
  if (site === undefined) return true;
  const mode = request.get('sec-fetch-mode');
  return (site === 'same-origin' || site === 'none') && (mode === undefined || mode === 'navigate');
}

/**
 * Whether a POST /api/auth/logout is the confirmation page's form (a browser navigation): then it
 * answers 303 to / instead of 204, so the person lands on the app, signed out.
 */
export const isFormNavigation = (request: Request) =>
  request.get('sec-fetch-mode') === 'navigate' ||
  /^application\/x-www-form-urlencoded\b/i.test(request.get('content-type') ?? '');

/**
 * The page GET /api/logout answers when another site sent the browser there: one button that
 * POSTs to /api/auth/logout (a same-origin form, so the CSRF check lets it through) and a way
 * back, in the API's small-page frame.
 * No `no-referrer` policy here: with it Chromium sends `Origin: null` on the form's POST, which
 * the CSRF check refuses as foreign.
 */
export function signOutConfirmationPage(): string {
  return smallPage(
    SIGN_OUT_CONFIRM_TITLE,
    `  <p>Another page asked to sign you out of Aide. Sign out only if you meant to.</p>
  <form method="post" action="/api/auth/logout">
    <button type="submit">Sign out</button>
    <a href="/">Stay signed in</a>
  </form>`,
  );
}
