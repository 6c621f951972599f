import type { EmailAttachment, EmailAutoResponseKind, EmailCategory } from '@aide/contracts';
import { senderAddress } from '../triage/triage-rules';
import { newText } from '../triage/triage-tokens';

/**
 * Which new messages the auto-responder answers, and with what (pure functions). It answers a
 * person writing to the user with a meeting request or a question; never a machine, a list, or
 * mail that is itself automatic (RFC 3834 §2), so two responders can never answer each other.
 */

/** What the decision reads of a message: its row, and the server copy's headers when there is one. */
export interface AutoResponseCandidate {
  subject: string;
  from: string;
  body: string;
  category: EmailCategory | null;
  attachments: EmailAttachment[];
  /** Lower-case header name → value (server-copy.ts); empty when the server copy could not be read. */
  headers: ReadonlyMap<string, string>;
  /** A text/calendar part with METHOD=REQUEST in the message's structure. */
  calendarRequest: boolean;
}

/** Mailboxes of machines: nobody reads what is sent to them. */
const MACHINE_SENDER =
  /^(no[-_.]?reply|do[-_.]?not[-_.]?reply|mailer[-_.]?daemon|postmaster|bounces?|notifications?|notify|alerts?|daemon|auto[-_.]?(reply|responder|confirm))([-+_.].*)?$/i;
/** Triage's categories for mail no one expects an answer to. */
const UNANSWERED_CATEGORIES: ReadonlySet<EmailCategory> = new Set(['spam', 'newsletter', 'promotion', 'social']);

const MEETING_NOUN =
  /\b(meeting|meet|call|chat|appointment|interview|demo|catch[- ]?up|sync|1:1|one[- ]on[- ]one|coffee|conference|zoom|webex|google meet|teams call)\b/i;
const SCHEDULING_CUE =
  /\?|\b(schedule|reschedule|set up|book|arrange|organi[sz]e|propose|invite|invitation|availability|are you (free|available)|free (on|at|for|next|this)|find a time|time slot|when (are|would|can|could) you|can we|could we|shall we|let'?s (meet|talk|chat|catch up))\b/i;
const INQUIRY =
  /\?|\b(could you|would you|can you|will you|do you (offer|have|provide|know|sell|ship)|inquiry|enquiry|inquiring|enquiring|interested in|pricing|price list|quote|quotation|how much|i('d| would) like to (know|ask)|wondering (if|whether)|please (let me know|advise))\b/i;

/**
 * Why a message must not be answered automatically, or null when it may be: the sender is the
 * account itself, a machine address or missing; the message is automatic (Auto-Submitted other
 * than 'no', a null Return-Path, Microsoft's X-Auto-Response-Suppress), sent to a list or in bulk
 * (List-Id, List-Unsubscribe, Precedence bulk/list/junk), or triaged as spam, newsletter,
 * promotion or social.
 */
export function reasonNotToAnswer(message: AutoResponseCandidate, accountAddress: string): string | null {
  const sender = senderAddress(message.from);
  const at = sender.lastIndexOf('@');
  if (at <= 0) return 'no sender address';
  if (sender === accountAddress.toLowerCase()) return 'sent by the account itself';
  if (MACHINE_SENDER.test(sender.slice(0, at)) || /no-?reply/i.test(sender.slice(0, at))) return 'a machine address';
  const header = (name: string) => message.headers.get(name)?.trim().toLowerCase();
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  if (header('return-path') === '<>') return 'a bounce (null Return-Path)';
  if (/\b(all|autoreply|oof)\b/.test(header('x-auto-response-suppress') ?? '')) return 'X-Auto-Response-Suppress';
  if (/^(bulk|list|junk|auto_reply)$/.test(header('precedence') ?? '')) return `Precedence: ${header('precedence')}`;
  if (message.headers.has('list-id') || message.headers.has('list-unsubscribe')) return 'sent to a list';
  if (message.category && UNANSWERED_CATEGORIES.has(message.category)) return `triaged as ${message.category}`;
  return null;
}

/** Addresses and links carry '?' and words of their own. */
function withoutLinks(text: string): string {
  return text.replace(/\b(https?:\/\/|www\.)\S+/gi, ' ').replace(/\S+@\S+/g, ' ');
}

/**
 * What the message asks of the user, judged on its new text (not the quoted conversation): a
 * meeting request (a calendar invitation, or a meeting word with a scheduling word or a question),
 * an inquiry (a question: '?', 'could you', 'interested in', 'pricing' …), or null.
 */
export function autoResponseKind(message: AutoResponseCandidate): EmailAutoResponseKind | null {
  if (
    message.calendarRequest ||
    message.attachments.some((a) => /^(text\/calendar|application\/ics)\b/i.test(a.contentType))
  )
    return 'meeting';
  const text = withoutLinks(`${message.subject}\n${newText(message.body).slice(0, 4_000)}`);
  if (MEETING_NOUN.test(text) && SCHEDULING_CUE.test(text)) return 'meeting';
  if (INQUIRY.test(text)) return 'inquiry';
  return null;
}

/** The sender's first name from 'Ann Lee <ann@example.com>', if it has a usable one. */
function firstName(from: string): string | null {
  const name = /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1]?.trim();
  const first = name?.split(/\s+/)[0];
  return first && /^\p{L}[\p{L}'-]*$/u.test(first) ? first : null;
}

/**
 * The short, polite text of an automatic reply (the original is quoted below it by composeReply).
 * A meeting request's reply names the person's free time when there is some (free-time.ts
 * availabilityText: "I am free on Tuesday 1 December from 14:00 to 16:00 (Europe/Paris time).").
 */
export function autoResponseText(
  kind: EmailAutoResponseKind,
  original: { from: string },
  signature: string,
  availability: string | null = null,
): string {
  const name = firstName(original.from);
  const acknowledgement =
    kind === 'meeting'
      ? availability
        ? `Thank you for your meeting request. ${availability} I will confirm a time with you shortly.`
        : 'Thank you for your meeting request. I have received it and will confirm a time with you shortly.'
      : 'Thank you for your message. I have received your inquiry and will get back to you as soon as I can.';
  return `Hello${name ? ` ${name}` : ''},\n\n${acknowledgement}\n\nBest regards,\n${signature}\n\n(This is an automatic reply.)`;
}

/** Who signs an automatic reply: the person's profile name, else the account's display name, else its address. */
export function autoResponseSignature(
  user: { firstName: string | null; lastName: string | null } | null,
  integration: { displayName?: string | null; email: string },
): string {
  const personal = [user?.firstName, user?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return personal || integration.displayName?.trim() || integration.email;
}
