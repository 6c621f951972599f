export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';

/** The small page GET /api/auth/google answers (503) while no OpenID Connect client is configured. */
export function googleUnavailablePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${GOOGLE_NOT_CONFIGURED} · Aide</title>
<style>
  body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; color: #1f2328; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  a { color: #1677ff; }
</style>
</head>
<body>
<main>
  <h1>${GOOGLE_NOT_CONFIGURED}</h1>
  <p>Ask your administrator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or sign in with your email and password.</p>
  <p><a href="/sign-in">Back to sign in</a></p>
</main>
</body>
</html>
`;
}
