import type { EmailTab } from '@aide/contracts';

/**
 * The email screen's tabs as SQL over `emails e` (spec §4 and DECISIONS): archived emails appear
 * only in Archived; Drafts are metadata.status 'draft' and Sent metadata.status 'sent' (a delivered
 * reply or forward, or a message synced from the account's Sent mailbox: the prototype's "fixed
 * sender address and a Re:/Fwd: subject" was its stand-in for "sent from here"); the Inbox is every
 * other non-archived email, and the priority tabs are the Inbox's emails of that priority.
 * `"isArchived" = false` is written as the partial index's predicate, so the planner can use it.
 */
const STATUS = `coalesce(e.metadata->>'status', '')`;
// Snooze (issue 24, actions): a snoozed message leaves the Inbox (and its counts) until it wakes.
export const INBOX = `e."isArchived" = false AND ${STATUS} NOT IN ('draft', 'sent') AND e."snoozedUntil" IS NULL`;

export const TAB_WHERE: Readonly<Record<EmailTab, string>> = {
  inbox: INBOX,
  urgent: `${INBOX} AND e.priority = 'urgent'`,
  important: `${INBOX} AND e.priority = 'important'`,
  regular: `${INBOX} AND e.priority = 'regular'`,
  sent: `e."isArchived" = false AND ${STATUS} = 'sent'`,
  drafts: `e."isArchived" = false AND ${STATUS} = 'draft'`,
  archived: `e."isArchived" = true`,
  snoozed: `e."isArchived" = false AND e."snoozedUntil" IS NOT NULL`,
};

/** The list's order: a woken snoozed message sorts by when it woke (on top), not by when it arrived. */
export const LIST_ORDER = `coalesce(e."resurfacedAt", e."receivedAt") DESC, e.id DESC`;
/** The Snoozed tab: the soonest to wake first. */
export const SNOOZED_ORDER = `e."snoozedUntil" ASC, e.id ASC`;
