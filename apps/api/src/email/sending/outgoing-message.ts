/**
 * Replies and forwards as text, the way mail clients write them (pure functions, no I/O):
 * subjects prefixed once, the thread's In-Reply-To and References (RFC 5322 §3.6.4), the original
 * quoted below the new text, and an HTML alternative with the same content.
 */

/** What a reply or forward needs of the message it answers. */
export interface OriginalMessage {
  subject: string;
  from: string;
  to: string;
  cc: string | null;
  body: string;
  receivedAt: Date;
  messageId: string | null;
  references: string[];
}

export interface ComposedText {
  subject: string;
  text: string;
  html: string;
}

/** A quoted original longer than this is cut (with a marker): a reply is not an archive. */
export const QUOTE_MAX_CHARS = 50_000;
/**
 * References keeps the thread's first id and the newest ones: enough for any client to thread,
 * without a header that grows with every round of a long conversation.
 */
export const REFERENCES_MAX = 20;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Re: ' once: a subject that already starts with Re: (any case, e.g. 'RE:') is kept. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re\s*(\[\d+\])?\s*:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/** 'Fwd: ' once: a subject that already starts with Fwd: or Fw: is kept. */
export function forwardSubject(subject: string): string {
  const trimmed = subject.trim();
  return /^fwd?\s*:/i.test(trimmed) ? trimmed : `Fwd: ${trimmed}`;
}

/** The answer's References: the original's References then its Message-ID, without repeats, trimmed to REFERENCES_MAX. */
export function threadReferences(original: Pick<OriginalMessage, 'messageId' | 'references'>): string[] {
  const ids = [
    ...new Set(
      [...original.references, ...(original.messageId ? [original.messageId] : [])].filter((id) => id.trim() !== ''),
    ),
  ];
  return ids.length <= REFERENCES_MAX ? ids : [ids[0], ...ids.slice(-(REFERENCES_MAX - 1))];
}

/** 'Thu, 5 Nov 2026 at 09:10 UTC': the server does not know the reader's time zone, so it says which it uses. */
export function quoteDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} at ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

function capped(body: string): string {
  return body.length <= QUOTE_MAX_CHARS ? body : `${body.slice(0, QUOTE_MAX_CHARS)}\n[…]`;
}

/** Every line prefixed with '> ' (an empty line with '>'), as RFC 3676 quoting reads. */
export function quoteLines(body: string): string {
  return capped(body.replace(/\r\n?/g, '\n').trimEnd())
    .split('\n')
    .map((line) => (line === '' ? '>' : line.startsWith('>') ? `>${line}` : `> ${line}`))
    .join('\n');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Plain text as HTML: escaped, line breaks kept. */
function textAsHtml(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br>\n');
}

function htmlDocument(body: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8"></head><body>\n${body}\n</body></html>`;
}

/**
 * The reply's text: the new content, a blank line, "On <date>, <sender> wrote:", and the original
 * quoted line by line; the HTML alternative quotes it in a blockquote.
 */
export function composeReply(original: OriginalMessage, content: string): ComposedText {
  const attribution = `On ${quoteDate(original.receivedAt)}, ${original.from.trim() || 'the sender'} wrote:`;
  const text = `${content.trimEnd()}\n\n${attribution}\n${quoteLines(original.body)}\n`;
  const html = htmlDocument(
    `<div>${textAsHtml(content.trimEnd())}</div>\n<br>\n<div>${escapeHtml(attribution)}</div>\n` +
      `<blockquote style="margin:0 0 0 0.8ex;border-left:1px solid #ccc;padding-left:1ex">${textAsHtml(capped(original.body.trimEnd()))}</blockquote>`,
  );
  return { subject: replySubject(original.subject), text, html };
}

/** The forwarded-message header block (Gmail's layout, which most clients recognise). */
function forwardHeader(original: OriginalMessage): string[] {
  return [
    '---------- Forwarded message ---------',
    `From: ${original.from}`,
    `Date: ${quoteDate(original.receivedAt)}`,
    `Subject: ${original.subject}`,
    `To: ${original.to}`,
    ...(original.cc ? [`Cc: ${original.cc}`] : []),
  ];
}

/**
 * The forward's text: the new content (if any), the "---------- Forwarded message ---------"
 * block (From, Date, Subject, To, Cc) and the original body; `notes` (e.g. attachments that could
 * not be included) go between the content and the block.
 */
export function composeForward(original: OriginalMessage, content: string, notes: string[] = []): ComposedText {
  const intro = [content.trimEnd(), ...notes].filter((part) => part !== '').join('\n\n');
  const header = forwardHeader(original);
  const body = capped(original.body.replace(/\r\n?/g, '\n').trimEnd());
  const text = `${intro ? `${intro}\n\n` : ''}${header.join('\n')}\n\n${body}\n`;
  const html = htmlDocument(
    `${intro ? `<div>${textAsHtml(intro)}</div>\n<br>\n` : ''}<div>${header.map(escapeHtml).join('<br>\n')}</div>\n<br>\n<div>${textAsHtml(body)}</div>`,
  );
  return { subject: forwardSubject(original.subject), text, html };
}
