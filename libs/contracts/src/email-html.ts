/**
 * What never stays in a message's HTML, whichever way it goes: the email screen's sanitiser
 * (mail shown to the user, apps/mf-email) and the outbox's (mail the user sends, apps/api) both
 * give these to DOMPurify on top of its defaults (which drop scripts, event handlers and
 * javascript: URLs). Forms and their controls (phishing; nothing a person writes needs one),
 * <meta> (refresh redirects), <base> and <link> (they re-aim or load URLs), frames and plugins.
 */
export const EMAIL_HTML_FORBIDDEN = {
  tags: [
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'optgroup',
    'datalist',
    'keygen',
    'output',
    'meta',
    'base',
    'link',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'portal',
    'noscript',
  ],
  /** Attributes that submit, ping or embed a document. */
  attributes: ['action', 'formaction', 'ping', 'srcdoc'],
} as const;
