/**
 * The one spelling of a request path that path-based rules compare against: the path part only
 * (no query), dot segments resolved and backslashes read as slashes (as browsers do), percent-
 * encoding decoded (repeatedly, so '%2561' is 'a' too), runs of slashes collapsed, one trailing
 * slash dropped, lower case. '/API//Calendar/feed/%74oken.ics?x' → '/api/calendar/feed/token.ics'.
 *
 * Routing itself is case-sensitive and strict (app.setup.ts), so only the exact spelling reaches a
 * route; this is for the rules that run before routing or beside it (log redaction, static
 * serving, docs access), so that no other spelling slips past them.
 */
export function canonicalPath(url: string): string {
  let path = url.split('?')[0].split('#')[0];
  for (let round = 0; round < 5; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  // Slashes collapsed before URL parsing: '//host/x' would otherwise read as a host.
  path = path.replaceAll('\\', '/').replace(/\/{2,}/g, '/');
  try {
    // WHATWG URL parsing resolves '.' and '..' segments the way a browser would.
    path = new URL(path.startsWith('/') ? path : `/${path}`, 'http://canonical.invalid').pathname;
    path = decodeURIComponent(path);
  } catch {
    // Keep the decoded text as it is.
  }
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.toLowerCase();
}

/** Whether a canonical path is `prefix` or below it ('/api' → '/api', '/api/tasks'). */
export const isUnderPath = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);
