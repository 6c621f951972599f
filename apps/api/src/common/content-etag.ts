import { createHash } from 'node:crypto';

/**
 * A strong ETag made from a body: 27 base64url characters (162 bits) of its SHA-256, quoted. The app
 * makes no ETags itself (app.setup.ts), so an answer that is revalidated (the tracking script, the
 * calendar feed) sets this one, and Express answers 304 when If-None-Match matches it.
 */
export function contentEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
