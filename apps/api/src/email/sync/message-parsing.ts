import type { EmailAttachment } from '@aide/contracts';
import type { AddressObject, EmailAddress, ParsedMail } from 'mailparser';
import { simpleParser } from '../mailparser';

/** What the sync stores of one message, read from its raw RFC 5322 source. */
export interface ParsedMessage {
  /** Message-ID with its angle brackets, as mailparser and nodemailer write it; null when missing. */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  /** Addresses as text, e.g. 'Ann Lee <ann@example.com>, bob@example.com'. */
  from: string;
  to: string;
  cc: string | null;
  /** The text part, or the HTML's text when there is none. */
  body: string;
  htmlBody: string | null;
  /** Metadata only; inline images of an HTML body (multipart/related) are not attachments. */
  attachments: EmailAttachment[];
  /** The Date header; null when missing or unreadable (the caller falls back to INTERNALDATE). */
  date: Date | null;
  /** The Date header's UTC offset in minutes (the sender's timezone, issue 26's mail dates); null without one. */
  dateOffsetMinutes: number | null;
  /** Sent to a list or in bulk (List-Id, List-Unsubscribe, Precedence bulk/list/junk): triage reads it. */
  bulk: boolean;
  /** List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058): how to leave the list; null when absent. */
  listUnsubscribe: ListUnsubscribe | null;
  /** List-Id (RFC 2919), e.g. 'Weekly news <news.example.com>'; null when absent. */
  listId: string | null;
  /** The Authentication-Results header(s) the receiving server added; the phishing check reads dkim/spf/dmarc=fail (assist). */
  authenticationResults: string | null;
  /** Meeting invitations (issue 26): the first text/calendar part (iMIP, RFC 6047), capped; null when there is none. */
  calendar: string | null;
}

/** The ways a message offers to unsubscribe; stored in metadata.listUnsubscribe (newsletters, issue 24). */
export interface ListUnsubscribe {
  /** The first https/http URI of List-Unsubscribe. */
  http: string | null;
  /** The first mailto: URI of List-Unsubscribe. */
  mailto: string | null;
  /** List-Unsubscribe-Post: List-Unsubscribe=One-Click was present (RFC 8058). */
  oneClick: boolean;
}

/** Header values are capped at the columns' width (RFC 5322's line limit). */
const HEADER_MAX = 998;
/** Enough for any real message body; a pathological one must not make a row of hundreds of MB. */
const TEXT_MAX = 1_000_000;
const REFERENCES_MAX = 100;
/** An iMIP part is a few KB; one larger than this is not an invitation worth keeping in the row. */
const CALENDAR_MAX = 64_000;

/**
 * mailparser's options: no text-to-HTML conversion or link detection (the UI renders the HTML part
 * itself), and cid: image links kept as they are rather than inlined as data URIs into htmlBody.
 */
const PARSER_OPTIONS = { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true } as const;

// eslint-disable-next-line no-control-regex -- NUL is what Postgres refuses, so it is what this looks for
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Postgres text and jsonb refuse NUL characters and unpaired surrogates, which broken mail can
 * decode to; they are dropped (NUL) or replaced (U+FFFD), so one bad byte never fails an insert.
 */
export function storableText(value: string, max = TEXT_MAX): string {
  // Most text has neither: one scan to find out, instead of two replaces over every body.
  const cleaned = UNSTORABLE.test(value) ? value.replaceAll('\0', '').replace(LONE_SURROGATE, '\uFFFD') : value;
  return cleaned.length > max ? cleaned.slice(0, max) : cleaned;
}

const QUOTE_NEEDED = /[",;:<>@()[\]\\]/;

function formatAddress(address: EmailAddress): string[] {
  if (address.group) return address.group.flatMap(formatAddress);
  const name = address.name?.trim() ?? '';
  const email = address.address?.trim() ?? '';
  if (!email) return name ? [name] : [];
  if (!name || name === email) return [email];
  return [`${QUOTE_NEEDED.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : name} <${email}>`];
}

/** 'Ann Lee <ann@example.com>, bob@example.com': names quoted only where RFC 5322 needs it. */
export function formatAddresses(value: AddressObject | AddressObject[] | undefined): string {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return storableText(objects.flatMap((object) => object.value.flatMap(formatAddress)).join(', '), HEADER_MAX * 10);
}

const headerText = (value: string | undefined | null) => {
  const text = value?.trim();
  return text ? storableText(text, HEADER_MAX) : null;
};

/** mailparser gathers List-* headers into one 'list' header ({ id, unsubscribe, … }). */
function isBulk(headers: ParsedMail['headers']): boolean {
  const list = headers.get('list');
  if (list && typeof list === 'object' && ('id' in list || 'unsubscribe' in list)) return true;
  const precedence = headers.get('precedence');
  return typeof precedence === 'string' && /^(bulk|list|junk)$/i.test(precedence.trim());
}

/** A raw header's value with folding undone, or null when the header is absent. */
function rawHeader(parsed: ParsedMail, key: string): string | null {
  const line = parsed.headerLines.findLast((header) => header.key === key)?.line;
  return line
    ? line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim()
    : null;
}

/** RFC 2369: a list of <URI>s; the first http(s) and the first mailto are kept. */
export function readListUnsubscribe(value: string | null, post: string | null): ListUnsubscribe | null {
  if (!value) return null;
  const uris = [...value.matchAll(/<([^>]+)>/g)].map((match) => match[1].replace(/\s+/g, ''));
  const http = uris.find((uri) => /^https?:\/\//i.test(uri)) ?? null;
  const mailto = uris.find((uri) => /^mailto:/i.test(uri)) ?? null;
  if (!http && !mailto) return null;
  return {
    http: http ? storableText(http, HEADER_MAX) : null,
    mailto: mailto ? storableText(mailto, HEADER_MAX) : null,
    oneClick: /(^|[\s;])List-Unsubscribe=One-Click(\s|;|$)/i.test(post ?? ''),
  };
}

/** The Date header, or null when it is missing or unreadable (mailparser answers "now" for an unreadable one). */
function headerDate(parsed: ParsedMail): Date | null {
  const line = parsed.headerLines.findLast((header) => header.key === 'date')?.line;
  if (!line || Number.isNaN(new Date(line.slice(line.indexOf(':') + 1).trim()).getTime())) return null;
  return parsed.date instanceof Date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null;
}

/** The zone of a Date header ('+0100', '-0500', 'GMT', 'EST' …, RFC 5322 §3.3 and §4.3) in minutes east of UTC. */
export function dateOffsetMinutes(parsed: ParsedMail): number | null {
  const line = parsed.headerLines.findLast((header) => header.key === 'date')?.line;
  const zone = line ? /\s([+-]\d{4}|UT|GMT|Z|[ECMP][SD]T)\s*(\(.*\))?\s*$/i.exec(line)?.[1] : undefined;
  if (!zone) return null;
  if (/^[+-]/.test(zone)) {
    const minutes = Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5));
    // -0000 says the zone is unknown (RFC 5322 §3.3).
    return zone === '-0000' ? null : zone.startsWith('-') ? -minutes : minutes;
  }
  const obsolete: Record<string, number> = {
    UT: 0,
    GMT: 0,
    Z: 0,
    EST: -300,
    EDT: -240,
    CST: -360,
    CDT: -300,
    MST: -420,
    MDT: -360,
    PST: -480,
    PDT: -420,
  };
  return obsolete[zone.toUpperCase()] ?? null;
}

function fromParsed(parsed: ParsedMail): ParsedMessage {
  const date = headerDate(parsed);
  const references =
    parsed.references === undefined
      ? []
      : Array.isArray(parsed.references)
        ? parsed.references
        : parsed.references.split(/\s+/);
  return {
    messageId: headerText(parsed.messageId),
    inReplyTo: headerText(parsed.inReplyTo),
    references: references
      .map((reference) => headerText(reference))
      .filter((reference): reference is string => reference !== null)
      .slice(0, REFERENCES_MAX),
    subject: storableText(parsed.subject ?? '', HEADER_MAX * 10),
    from: formatAddresses(parsed.from),
    to: formatAddresses(parsed.to),
    cc: formatAddresses(parsed.cc) || null,
    body: storableText(parsed.text ?? ''),
    htmlBody: typeof parsed.html === 'string' && parsed.html ? storableText(parsed.html) : null,
    attachments: parsed.attachments
      .filter((attachment) => !attachment.related)
      .map((attachment) => ({
        filename: attachment.filename ? storableText(attachment.filename, 255) : null,
        contentType: storableText(attachment.contentType || 'application/octet-stream', 255),
        size: attachment.size,
      })),
    date,
    dateOffsetMinutes: date ? dateOffsetMinutes(parsed) : null,
    bulk: isBulk(parsed.headers),
    listUnsubscribe: readListUnsubscribe(
      rawHeader(parsed, 'list-unsubscribe'),
      rawHeader(parsed, 'list-unsubscribe-post'),
    ),
    listId: headerText(rawHeader(parsed, 'list-id')),
    authenticationResults: authenticationResults(parsed.headers),
    calendar: calendarPart(parsed),
  };
}

/**
 * The iCalendar text of an iMIP message (issue 26): mailparser hands a text/calendar part over as
 * an attachment, whether it came as an alternative of the body or as a file (invite.ics).
 */
function calendarPart(parsed: ParsedMail): string | null {
  const part = parsed.attachments.find((attachment) =>
    /^(text\/calendar|application\/ics)$/i.test(attachment.contentType ?? ''),
  );
  if (!part || part.size > CALENDAR_MAX) return null;
  return storableText(part.content.toString('utf8'), CALENDAR_MAX) || null;
}

/** Every Authentication-Results header joined (mailparser gives an array when there are several). */
function authenticationResults(headers: ParsedMail['headers']): string | null {
  const value = headers.get('authentication-results');
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  return values.length > 0 ? storableText(values.join('; '), HEADER_MAX * 4) : null;
}

/** Where the header block ends (after the first empty line), or the whole source when there is none. */
function headerEnd(source: Buffer): number {
  const crlf = source.indexOf('\r\n\r\n');
  if (crlf >= 0) return crlf + 4;
  const lf = source.indexOf('\n\n');
  return lf >= 0 ? lf + 2 : source.length;
}

/**
 * Parses a raw message with mailparser. A message mailparser cannot read whole (it throws on very
 * few inputs) is kept with what can be read: its headers parsed alone, and the rest as raw text.
 * Never throws: a malformed message must not stop a sync.
 */
export async function parseMessage(source: Buffer): Promise<ParsedMessage> {
  try {
    return fromParsed(await simpleParser(source, PARSER_OPTIONS));
  } catch {
    const end = headerEnd(source);
    const rawBody = storableText(source.subarray(end).toString('utf8'));
    try {
      return {
        ...fromParsed(await simpleParser(source.subarray(0, end), PARSER_OPTIONS)),
        body: rawBody,
        htmlBody: null,
        attachments: [],
        calendar: null,
      };
    } catch {
      return {
        messageId: null,
        inReplyTo: null,
        references: [],
        subject: '',
        from: '',
        to: '',
        cc: null,
        body: rawBody,
        htmlBody: null,
        attachments: [],
        date: null,
        dateOffsetMinutes: null,
        bulk: false,
        listUnsubscribe: null,
        listId: null,
        authenticationResults: null,
        calendar: null,
      };
    }
  }
}
