import { smallPage } from './small-page';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';

/** The small page GET /api/auth/google answers (503) while no OpenID Connect client is configured. */
export function googleUnavailablePage(): string {
  return smallPage(
    GOOGLE_NOT_CONFIGURED,
    `  <p>Ask your administrator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or sign in with your email and password.</p>
  <p><a href="/sign-in">Back to sign in</a></p>`,
  );
}
