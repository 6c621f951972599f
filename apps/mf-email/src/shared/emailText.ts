/** Pure helpers over an email's text: senders, subjects, snippets, quoting. No React, no DOM. */
import { ApiError } from '@aide/api-client';
import type { Email } from '@aide/contracts';
import { t } from '../i18n';
import { dayjs } from './time';

export interface ParsedAddress {
  /** The display name, or the address when there is none. */
  name: string;
  /** The bare address ('' when the header holds none). */
  address: string;
}

/** '"Ada Lovelace" <ada@example.test>' → { name: 'Ada Lovelace', address: 'ada@example.test' }; the first of a list. */
export function parseAddress(header: string): ParsedAddress {
  const first = splitAddresses(header)[0] ?? '';
  const angled = /^(.*?)<([^<>]+)>\s*$/.exec(first);
  if (angled) {
    const address = angled[2].trim();
    const name = unquote(angled[1].trim());
    return { name: name || address, address };
  }
  const bare = first.trim();
  return { name: unquote(bare), address: /@/.test(bare) ? bare : '' };
}

/** Splits an address list on commas outside quotes and angle brackets. */
export function splitAddresses(header: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '<' && !quoted) angled = true;
    else if (ch === '>' && !quoted) angled = false;
    if (ch === ',' && !quoted && !angled) {
      if (current.trim()) parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const unquote = (value: string) =>
  value
    .replace(/^"(.*)"$/, '$1')
    .replace(/\\(.)/g, '$1')
    .trim();

/** Up to two initials for an avatar: 'Ada Lovelace' → 'AL', 'ada@example.test' → 'A'. */
export function initials(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter((w) => /^\p{L}|\d/u.test(w));
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0]!.toUpperCase());
  return letters.join('') || '?';
}

/** The subject, or '(no subject)' in the language shown now. */
export const subjectOf = (email: Pick<Email, 'subject'>) => email.subject.trim() || t('subject.none');

/** 'Re: Lunch' (not 'Re: Re: Lunch'). */
export const replySubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
/** 'Fwd: Lunch' (not 'Fwd: Fwd: Lunch'). */
export const forwardSubject = (subject: string) =>
  /^(fwd?|fw):/i.test(subject.trim()) ? subject.trim() : `Fwd: ${subject.trim()}`;

/** The start of the body on one line, for a list row. */
export function snippet(body: string, max = 160): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The quoted original is cut here, so a reply to a long message stays well inside the 100,000-character limit. */
export const QUOTE_MAX_CHARS = 20_000;

// The server writes the quote and the forwarded headers in English (what goes out with the message),
// so their preview here stays in English whatever the language shown, dates included.
const dateLine = (iso: string) => dayjs(iso).locale('en').format('ddd, MMM D, YYYY [at] HH:mm');

/** 'On Tue, Mar 3, 2026 at 14:05, Ada Lovelace <ada@example.test> wrote:' */
export function replyAttribution(email: Pick<Email, 'from' | 'receivedAt'>): string {
  return `On ${dateLine(email.receivedAt)}, ${email.from.trim() || 'the sender'} wrote:`;
}

/**
 * The original as the server quotes it under a reply ('> ' before each line, under its
 * attribution line): shown beneath the Reply dialog's text so the user sees what goes out.
 * The server adds the quote itself; the dialog sends only what the user wrote.
 */
export function quotedReply(email: Pick<Email, 'from' | 'receivedAt' | 'body'>): string {
  let body = email.body.replace(/\r\n?/g, '\n').trimEnd();
  if (body.length > QUOTE_MAX_CHARS) body = `${body.slice(0, QUOTE_MAX_CHARS)}\n[…]`;
  const quoted = body
    ? body
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n')
    : '>';
  return `${replyAttribution(email)}\n${quoted}`;
}

/** The forwarded message's headers and text as the server adds them under the note: shown beneath the Forward dialog's note. */
export function forwardedMessage(email: Pick<Email, 'from' | 'to' | 'cc' | 'subject' | 'receivedAt' | 'body'>): string {
  let body = email.body.replace(/\r\n?/g, '\n').trimEnd();
  if (body.length > QUOTE_MAX_CHARS) body = `${body.slice(0, QUOTE_MAX_CHARS)}\n[…]`;
  const headers = [
    '---------- Forwarded message ---------',
    `From: ${email.from}`,
    `Date: ${dateLine(email.receivedAt)}`,
    `Subject: ${email.subject}`,
    `To: ${email.to}`,
    ...(email.cc ? [`Cc: ${email.cc}`] : []),
  ];
  return `${headers.join('\n')}\n\n${body}`;
}

/**
 * Spec §8: a toast's text is the server's message, or a fallback of the form 'Failed to …' when the
 * server gave none (a network failure, an HTML error page, an empty body).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    try {
      const parsed = JSON.parse(error.body) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message;
    } catch {
      /* not JSON */
    }
  }
  return fallback;
}
