import type { ImapFlow, MessageStructureObject } from 'imapflow';
import type { Attachment } from 'mailparser';
import { simpleParser } from '../mailparser';

/**
 * Reading a stored message's server copy over IMAP, for what the emails row does not keep: a
 * header (Reply-To, Auto-Submitted, List-Id …), a calendar invitation in its structure, or its
 * attachments' content. The row says where the copy is: mailbox, UIDVALIDITY and UID. When the
 * mailbox's UIDVALIDITY has changed, the UID names another message (or none): nothing is read.
 */

/** What the headers say, decoded (mailparser). */
export interface ServerHeaders {
  /** Reply-To as a header value ('Ann <ann@example.com>, …'), if any. */
  replyTo: string | null;
  /** Lower-case header name → its first value, unfolded but otherwise raw (encoded words stay encoded). */
  values: ReadonlyMap<string, string>;
  /** A text/calendar part with METHOD=REQUEST (an invitation). */
  calendarRequest: boolean;
}

export interface MessageLocation {
  mailbox: string | null;
  uidValidity: string | null;
  uid: string | null;
}

/** Runs `read` with `mailbox` open read-only, if the row's copy is still addressable there; else null. */
export async function withServerMailbox<T>(
  imap: ImapFlow,
  location: MessageLocation,
  read: (uid: number) => Promise<T>,
): Promise<T | null> {
  if (location.mailbox === null || location.uidValidity === null || location.uid === null) return null;
  const lock = await imap.getMailboxLock(location.mailbox, { readOnly: true });
  try {
    const mailbox = imap.mailbox;
    if (!mailbox || mailbox.uidValidity.toString() !== location.uidValidity) return null;
    return await read(Number(location.uid));
  } finally {
    lock.release();
  }
}

function hasCalendarRequest(node: MessageStructureObject | undefined): boolean {
  if (!node) return false;
  if (node.type?.toLowerCase() === 'text/calendar') {
    const method = Object.entries(node.parameters ?? {}).find(([key]) => key.toLowerCase() === 'method')?.[1];
    if (method?.toUpperCase() === 'REQUEST') return true;
  }
  return (node.childNodes ?? []).some(hasCalendarRequest);
}

/**
 * A header block as name → first value. mailparser's own map is no use here: it folds every
 * List-* header into one 'list' object and turns Return-Path into addresses.
 */
export function headerValues(block: Buffer): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of block
    .toString('latin1')
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!values.has(name)) values.set(name, line.slice(colon + 1).trim());
  }
  return values;
}

/** 'Ann Lee <ann@example.com>, "Doe, Jo" <jo@example.com>': names quoted only when they must be (RFC 5322 specials). */
export function formatAddresses(addresses: Array<{ name?: string; address?: string }>): string {
  return addresses
    .filter((a) => a.address)
    .map(({ name, address }) =>
      !name
        ? address!
        : /[()<>[\]:;@\\,."]/.test(name)
          ? `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`
          : `${name} <${address}>`,
    )
    .join(', ');
}

/** The headers (and calendar invitation) of the given UIDs of the open mailbox, by UID. */
export async function readHeaders(imap: ImapFlow, uids: number[]): Promise<Map<number, ServerHeaders>> {
  const found = new Map<number, ServerHeaders>();
  if (uids.length === 0) return found;
  for await (const message of imap.fetch(
    uids.join(','),
    { uid: true, headers: true, bodyStructure: true },
    { uid: true },
  )) {
    if (!message.headers) continue;
    const parsed = await simpleParser(Buffer.concat([message.headers, Buffer.from('\r\n')]), {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
    });
    const values = headerValues(message.headers);
    const replyTo = parsed.replyTo
      ? formatAddresses((Array.isArray(parsed.replyTo) ? parsed.replyTo : [parsed.replyTo]).flatMap((a) => a.value))
      : null;
    found.set(message.uid, {
      replyTo: replyTo || null,
      values,
      calendarRequest: hasCalendarRequest(message.bodyStructure),
    });
  }
  return found;
}

/** The message's parsed source (bodies left as they are: only its attachments are wanted), or null when it is gone. */
async function parsedSource(imap: ImapFlow, uid: number) {
  const message = await imap.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
  if (!message || !message.source) return null;
  return simpleParser(message.source, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
}

/** The message's attachments with their content (inline parts without a file name are left out). */
export async function readAttachments(imap: ImapFlow, uid: number): Promise<Attachment[] | null> {
  const parsed = await parsedSource(imap, uid);
  if (!parsed) return null;
  return parsed.attachments.filter(
    (attachment) => attachment.filename || attachment.contentDisposition === 'attachment',
  );
}

/**
 * The attachments in the order the emails row lists them (message-parsing: an HTML body's
 * multipart/related images are not attachments), so that an index into the row's `attachments`
 * names the same part; null when the message is gone.
 */
export async function readListedAttachments(imap: ImapFlow, uid: number): Promise<Attachment[] | null> {
  const parsed = await parsedSource(imap, uid);
  return parsed ? parsed.attachments.filter((attachment) => !attachment.related) : null;
}
