/**
 * Spec §9: an email's HTML is shown in a sandboxed frame with scripts, inline handlers and
 * javascript: links stripped. DOMPurify does the stripping (its defaults drop <script>, every on*
 * attribute and any URL that is not http(s), mailto, tel or a data: image); on top of that this
 * removes what has no business in a message read here: forms and their controls (phishing, and
 * the frame may not submit anyway), <meta> (refresh redirects), <base> and <link>, and nested
 * frames or plugins. Every link opens in a new tab, outside the frame, without a referrer.
 *
 * And no relative URLs: the frame's document has this app's address as its base, so
 * `<img src="/api/logout">` or `background:url(/api/…)` would be a request to the app with the
 * user's cookies. Only absolute http(s), mailto, tel and cid URLs (and data: images) stay, in
 * attributes and in CSS alike; CSS @import goes.
 *
 * The result is a whole document for the iframe's srcdoc, with a small trusted stylesheet of ours
 * in front of the message's own styles (a readable default font, images no wider than the frame).
 * The frame itself adds a second fence: `sandbox` without allow-scripts (see EmailBody).
 *
 * Privacy (issue 24): unless the reader allowed it, nothing remote loads when a message opens — a
 * tracking pixel tells the sender when and where it was read. Remote (http/https) image sources,
 * srcset, <picture><source>, background attributes, video posters, <input type=image>, SVG image
 * hrefs and CSS url()/image-set() lose their URL (images keep their alt text); cid: and data:
 * images stay. emailDocument adds a Content-Security-Policy to the document as a second fence.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { EMAIL_HTML_FORBIDDEN } from '@aide/contracts';

// The forbidden tags and attributes are shared with the outbox's sanitiser (apps/api).
const FORBID_TAGS = [...EMAIL_HTML_FORBIDDEN.tags];
const FORBID_ATTR = [...EMAIL_HTML_FORBIDDEN.attributes];
/**
 * DOMPurify leaves CSS alone. Browsers no longer run script from CSS, but a style that names a
 * script URL or an old script hook (IE's expression(), behavior, -moz-binding) is dropped anyway.
 */
const SCRIPT_URL_ANYWHERE = /(?:java|vb|live)script:/i;

/** Attributes holding a URL the browser fetches or navigates to. */
const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'action',
  'formaction',
  'background',
  'poster',
  'lowsrc',
  'dynsrc',
  'data',
  'longdesc',
  'usemap',
  'cite',
  'manifest',
  'icon',
]);
const ABSOLUTE_URL = /^(?:https?:\/\/|mailto:|tel:|cid:)/i;
/** DOMPurify allows data: URIs on media elements only; of those, images are what a message needs. */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|bmp|avif);/i;

const isAllowedUrl = (value: string) => {
  const url = value.trim();
  return ABSOLUTE_URL.test(url) || DATA_IMAGE.test(url);
};

/** A URL the browser would fetch from the network: http(s) and protocol-relative `//host/…`. */
const REMOTE_URL = /^(?:https?:)?\/\//i;
const isRemote = (value: string) => REMOTE_URL.test(withoutControlsOrSpaces(value));
/** Attributes that load what they name as soon as the message renders (a link's href does not). */
const LOADING_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'imagesrcset',
  'background',
  'poster',
  'lowsrc',
  'dynsrc',
  'data',
]);
/** Elements whose href / xlink:href loads (SVG): everything but links. */
const LINK_ELEMENTS = new Set(['A', 'AREA']);

/** Whether this sanitising lets remote content load; set for the duration of one sanitize() call. */
let remoteAllowed = true;
/** How many remote loads the current sanitize() call removed. */
let remoteBlocked = 0;

/** A CSS url() target that may stay: anything allowed, minus remote ones while they are blocked. */
const isAllowedCssUrl = (value: string) => isAllowedUrl(value) && (remoteAllowed || !isRemote(value));
/** image-set("https://…" 1x) loads without url(): while remote content is blocked it counts as remote. */
const REMOTE_IMAGE_SET = /image-set\s*\([^)]*(?:https?:)?\/\//i;

/** url(…) targets and @import rules in a stylesheet or style attribute. */
const CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
const CSS_IMPORT = /@import\b[^;]*;?/gi;

/** CSS with relative url(…) targets replaced by none and @import rules removed. */
function cleanCss(css: string): string {
  return css.replace(CSS_IMPORT, '').replace(CSS_URL, (whole, _q: string, target: string) => {
    if (isAllowedCssUrl(target)) return whole;
    if (isAllowedUrl(target)) remoteBlocked += 1;
    return 'none';
  });
}

/** Whether CSS (escapes undone) still fetches something relative or imports: then it is dropped whole. */
function cssReachesApp(css: string): boolean {
  const decoded = decodeCssEscapes(css);
  if (/@import/i.test(decoded)) return true;
  if (!remoteAllowed && REMOTE_IMAGE_SET.test(decoded)) {
    remoteBlocked += 1;
    return true;
  }
  for (const match of decoded.matchAll(CSS_URL)) if (!isAllowedCssUrl(match[2])) return true;
  return false;
}
const SCRIPT_IN_CSS = /(?:java|vb|live)script\s*:|expression\s*\(|behavior\s*:|-moz-binding/i;

/** Our own CSS, placed before the message's styles so the message can still override it. */
export const EMAIL_BASE_STYLE = [
  'html{color-scheme:light}',
  'body{margin:0;padding:16px;background:#fff;color:#1f1f1f;font:14px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;overflow-wrap:anywhere}',
  'img{max-width:100%;height:auto}',
  'table{max-width:100%}',
  'pre{white-space:pre-wrap}',
  'blockquote{margin:0 0 0 8px;padding-left:12px;border-left:3px solid #d9d9d9;color:#595959}',
].join('');

let purifier: Purifier | null = null;

/** One DOMPurify of our own, so its hooks never touch anyone else's. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    if (!remoteAllowed && loadsRemote(node, name, data.attrValue)) {
      remoteBlocked += 1;
      data.keepAttr = false;
    } else if (name === 'style') {
      data.attrValue = cleanCss(data.attrValue);
      if (SCRIPT_IN_CSS.test(decodeCssEscapes(data.attrValue)) || cssReachesApp(data.attrValue)) data.keepAttr = false;
    } else if (SCRIPT_URL_ANYWHERE.test(withoutControlsOrSpaces(data.attrValue))) {
      // A URL naming a script scheme anywhere (old IE read src=`javascript:…` as one) goes.
      data.keepAttr = false;
    } else if (URL_ATTRIBUTES.has(name) && !isAllowedUrl(data.attrValue)) {
      data.keepAttr = false;
    } else if (
      (name === 'srcset' || name === 'imagesrcset') &&
      !data.attrValue.split(',').every((candidate) => isAllowedUrl(candidate.trim().split(/\s+/)[0] ?? ''))
    ) {
      data.keepAttr = false;
    }
  });
  instance.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'style') return;
    const css = cleanCss(node.textContent ?? '');
    node.textContent = SCRIPT_IN_CSS.test(decodeCssEscapes(css)) || cssReachesApp(css) ? '' : css;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element && node.hasAttribute('href') && (node.tagName === 'A' || node.tagName === 'AREA')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  purifier = instance;
  return instance;
}

/** Whether this attribute makes the browser fetch a remote URL when the message renders. */
function loadsRemote(node: Element, name: string, value: string): boolean {
  if (name === 'srcset' || name === 'imagesrcset')
    return value.split(',').some((candidate) => isRemote(candidate.trim().split(/\s+/)[0] ?? ''));
  if (LOADING_ATTRIBUTES.has(name)) return isRemote(value);
  if (name === 'href' || name === 'xlink:href')
    return !LINK_ELEMENTS.has(node.nodeName.toUpperCase()) && isRemote(value);
  return false;
}

/** `\6a avascript:` is `javascript:` to a CSS parser: undo CSS escapes and comments before testing. */
/** What a browser ignores inside a URL: the ASCII controls and the space (U+0000–U+0020). */
function withoutControlsOrSpaces(value: string): string {
  return Array.from(value)
    .filter((char) => char > ' ')
    .join('');
}

function decodeCssEscapes(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_m, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return String.fromCodePoint(code > 0 && code <= 0x10ffff ? code : 0xfffd);
    })
    .replace(/\\(.)/g, '$1');
}

const CONFIG = { WHOLE_DOCUMENT: true, FORBID_TAGS, FORBID_ATTR };

export interface SanitizeOptions {
  /** Let remote images and CSS load (the reader chose Show images); default false: they are removed. */
  allowRemoteContent?: boolean;
}

/** The sanitised message and how many remote loads were removed from it (0 when allowed). */
export function sanitizeEmailHtmlDetailed(
  html: string,
  { allowRemoteContent = false }: SanitizeOptions = {},
): { html: string; remoteBlocked: number } {
  remoteAllowed = allowRemoteContent;
  remoteBlocked = 0;
  try {
    return { html: getPurifier().sanitize(html, CONFIG), remoteBlocked };
  } finally {
    remoteAllowed = true;
    remoteBlocked = 0;
  }
}

/** The sanitised message as a whole document (`<html><head>…</head><body>…</body></html>`), without our stylesheet. */
export function sanitizeEmailHtml(html: string, options?: SanitizeOptions): string {
  return sanitizeEmailHtmlDetailed(html, options).html;
}

/**
 * The frame document's own Content-Security-Policy (a second fence behind the sanitiser): no
 * script, no frames, no forms; images, fonts and media from the network only when allowed.
 */
export function emailContentSecurityPolicy(allowRemoteContent: boolean): string {
  const remote = allowRemoteContent ? ' https: http:' : '';
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data: cid:${remote}`,
    `font-src data:${remote}`,
    `media-src data:${remote}`,
    "form-action 'none'",
  ].join('; ');
}

/**
 * The sanitised message as a whole document with our base stylesheet first in its head, and how
 * many remote loads were removed (the privacy bar's cue).
 */
export function emailDocumentDetailed(
  html: string,
  options: SanitizeOptions = {},
): { html: string; remoteBlocked: number } {
  const { html: clean, remoteBlocked: blocked } = sanitizeEmailHtmlDetailed(html, options);
  // DOMPurify serialises a whole document as '<html><head>…': its first <head> is the real one.
  const withStyle = clean.replace(
    /^<html([^>]*)><head>/i,
    (_m, attrs: string) => `<html${attrs}><head><style>${EMAIL_BASE_STYLE}</style>`,
  );
  return { html: `<!doctype html>${withStyle}`, remoteBlocked: blocked };
}

/** The sanitised message with our base stylesheet (see emailDocumentDetailed). */
export function emailDocument(html: string, options?: SanitizeOptions): string {
  return emailDocumentDetailed(html, options).html;
}

/**
 * What the iframe's srcdoc gets: emailDocument with our own Content-Security-Policy <meta> as the
 * head's first element (the message's own <meta> never survives the sanitiser; this one is ours).
 */
export function emailFrameDocument(
  html: string,
  options: SanitizeOptions = {},
): { html: string; remoteBlocked: number } {
  const document = emailDocumentDetailed(html, options);
  const csp = emailContentSecurityPolicy(options.allowRemoteContent ?? false);
  return {
    ...document,
    html: document.html.replace(
      /^<!doctype html><html([^>]*)><head>/i,
      (_m, attrs: string) =>
        `<!doctype html><html${attrs}><head><meta http-equiv="Content-Security-Policy" content="${csp}">`,
    ),
  };
}

/** The readable text of an HTML message (sanitised first, so nothing in it runs or loads). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeEmailHtml(html), 'text/html');
  doc.querySelectorAll('style').forEach((el) => el.remove());
  return (doc.body.textContent ?? '')
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}
