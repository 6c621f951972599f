import { EMAIL_HTML_FORBIDDEN } from '@aide/contracts';
import type { DOMPurify as Purifier } from 'dompurify';

/**
 * The HTML of a written message, cleaned on the server before it goes out: whatever the compose
 * window's editor produced, a client can post anything, and the message reaches other people's
 * mail clients and is filed in the user's own Sent folder (which this app shows again).
 *
 * DOMPurify (the library the email screen already shows mail with) over a jsdom window: scripts,
 * event handlers and javascript: URLs go by its defaults; the tags and attributes of
 * EMAIL_HTML_FORBIDDEN (the list the email screen uses too) go as well. Styles, images and links stay.
 */
const FORBID_TAGS = [...EMAIL_HTML_FORBIDDEN.tags];
const FORBID_ATTR = [...EMAIL_HTML_FORBIDDEN.attributes];

let purifier: Purifier | undefined;

/** Built on first use: jsdom takes a moment to load, and most API processes never send a written message. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see above
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const createDOMPurify = require('dompurify') as typeof import('dompurify');
  const { window } = new JSDOM('');
  const instance = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purifier = instance;
  return instance;
}

/** The editor's HTML, sanitised (a fragment: what goes inside <body>). */
export function sanitizeOutgoingHtml(html: string): string {
  return getPurifier().sanitize(html, { FORBID_TAGS, FORBID_ATTR });
}

/** A whole document around the sanitised fragment, as mail clients send it. */
export function outgoingHtmlDocument(html: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8"></head><body>\n${sanitizeOutgoingHtml(html)}\n</body></html>`;
}

/** The plain-text alternative: the one written by the compose window, else read from the HTML. */
export function plainAlternative(text: string, html: string): string {
  if (text.trim() !== '') return text;
  if (html.trim() === '') return '';
  // Required here, as jsdom above: html-to-text and its HTML parser are heap most processes never use.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { convert } = require('html-to-text') as typeof import('html-to-text');
  return convert(sanitizeOutgoingHtml(html), {
    wordwrap: false,
    selectors: [{ selector: 'img', format: 'skip' }],
  }).trim();
}
