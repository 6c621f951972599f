/**
 * The frame of the few pages the API answers itself, outside the shell (Google sign-in not
 * configured, the sign-out confirmation): self-contained, no script and no external asset, inline
 * CSS only (which the CSP allows). `title` is trusted text (a constant), `body` trusted markup.
 */
export function smallPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Aide</title>
<style>
  body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; color: #1f2328; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  button { font: inherit; padding: 0.5rem 1.25rem; border: 0; border-radius: 6px; background: #1677ff; color: #fff; cursor: pointer; }
  a { color: #1677ff; }
  form a { margin-left: 1rem; }
</style>
</head>
<body>
<main>
  <h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}
