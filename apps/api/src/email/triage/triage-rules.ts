import type { EmailCategory, EmailPriority } from '@aide/contracts';

/** What the classifier reads of a message. */
export interface TriageMessage {
  subject: string;
  /** The From header as text, e.g. 'Ann <ann@example.com>'. */
  from: string;
  /** Plain text (the HTML's text when there is no text part). */
  body: string;
  /** Sent to a list or in bulk: a List-Id / List-Unsubscribe header, or Precedence bulk/list. */
  bulk?: boolean;
}

export interface Triage {
  priority: EmailPriority;
  category: EmailCategory;
}

interface Rule<T> {
  value: T;
  /** Matched against the subject and the first part of the body, case-insensitively. */
  words?: RegExp;
  /** Matched against the sender's address. */
  sender?: RegExp;
  /** Only for bulk (list) mail. */
  bulk?: boolean;
}

/** Enough of a body to judge it; a long newsletter's footer says nothing about priority. */
const BODY_CHARS = 2_000;

// First match wins, so the specific come before the general.
const CATEGORY_RULES: Rule<EmailCategory>[] = [
  {
    value: 'spam',
    words:
      /\b(viagra|lottery|you (have )?won|claim your (prize|reward)|wire transfer fee|nigerian prince|crypto giveaway|act now to claim)\b/i,
  },
  {
    value: 'social',
    sender: /@([\w-]+\.)*(linkedin|facebook|facebookmail|twitter|x|instagram|tiktok|pinterest|reddit|meetup)\.com\b/i,
  },
  {
    value: 'social',
    words: /\b(friend request|mentioned you|tagged you|new follower|commented on your|invitation to connect)\b/i,
  },
  {
    value: 'travel',
    words:
      /\b(flight|boarding pass|itinerary|hotel|check-in|reservation|booking confirmation|e-ticket|airbnb|car rental)\b/i,
  },
  {
    value: 'finance',
    words:
      /\b(invoice|receipt|payment|bank statement|statement is ready|transaction|refund|tax|payroll|billing|direct debit)\b/i,
  },
  {
    value: 'promotion',
    words:
      /\b(\d{1,2}\s?% off|sale ends|discount|coupon|promo code|limited[- ]time offer|free shipping|black friday|deal of the day)\b/i,
  },
  { value: 'newsletter', bulk: true },
  { value: 'newsletter', words: /\b(newsletter|weekly digest|daily digest|unsubscribe)\b/i },
  {
    // Operations vocabulary: an outage or incident mail is work even without a meeting or project word.
    value: 'work',
    words:
      /\b(production|prod|outage|incident|downtime|server|servers|database|deploy|deployment|rollback|on-call|pagerduty|postmortem|post-mortem|hotfix|bug|pull request|merge request|staging|is down|went down)\b/i,
  },
  {
    value: 'work',
    words:
      /\b(meeting|project|deadline|quarterly|report|review|proposal|client|contract|agenda|sprint|standup|stand-up|roadmap|colleague|team)\b/i,
  },
  { value: 'personal', words: /\b(birthday|family|dinner|weekend|party|wedding|mum|mom|dad|love)\b/i },
];

const PRIORITY_RULES: Rule<EmailPriority>[] = [
  {
    value: 'urgent',
    words:
      /\b(urgent|asap|immediately|emergency|critical|action required|as soon as possible|right away|overdue|final notice|(due|deadline) today)\b/i,
  },
  {
    value: 'important',
    words:
      /\b(important|deadline|due (by|on|tomorrow)|please review|approval|approve|meeting|invoice|contract|interview|reminder|response needed|by (monday|tuesday|wednesday|thursday|friday|eod|end of day))\b/i,
  },
];

/** Categories a person rarely needs to act on quickly: never above regular by rule. */
const LOW_PRIORITY: ReadonlySet<EmailCategory> = new Set(['spam', 'newsletter', 'promotion', 'social']);

/** The sender's address out of a From header. */
export function senderAddress(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match?.[1] ?? from).trim().toLowerCase();
}

function firstMatch<T>(rules: Rule<T>[], message: TriageMessage, text: string, fallback: T): T {
  const sender = senderAddress(message.from);
  for (const rule of rules) {
    if (rule.bulk !== undefined && rule.bulk !== Boolean(message.bulk)) continue;
    if (rule.words && !rule.words.test(text)) continue;
    if (rule.sender && !rule.sender.test(sender)) continue;
    return rule.value;
  }
  return fallback;
}

/**
 * The classifier's starting point, before a user has corrected anything: keyword and sender
 * rules for the category, urgency words for the priority, and bulk or promotional mail kept at
 * regular. The learnt model (naive Bayes per user) takes over where it has evidence.
 */
export function classifyByRules(message: TriageMessage): Triage {
  const text = `${message.subject}\n${message.body.slice(0, BODY_CHARS)}`;
  const category = firstMatch(CATEGORY_RULES, message, text, 'other');
  const priority = LOW_PRIORITY.has(category) ? 'regular' : firstMatch(PRIORITY_RULES, message, text, 'regular');
  return { priority, category };
}
