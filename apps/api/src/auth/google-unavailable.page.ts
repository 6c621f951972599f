export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
export const GOOGLE_NOT_AVAILABLE = 'Google sign-in is not available yet';

/** The small page GET /api/auth/google answers while Google sign-in cannot be used. */
export function googleUnavailablePage(configured: boolean): string {
  const title = configured ? GOOGLE_NOT_AVAILABLE : GOOGLE_NOT_CONFIGURED;
  const detail = configured
    ? 'This version of Aide does not include Google sign-in yet.'
    : 'Ask your administrator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or sign in with your email and password.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Aide</title>
<style>
  body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; color: #1f2328; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  a { color: #1677ff; }
</style>
</head>
<body>
<main>
  <h1>${title}</h1>
  <p>${detail}</p>
  <p><a href="/sign-in">Back to sign in</a></p>
</main>
</body>
</html>
`;
}
