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
export const INBOX = `e."isArchived" = false AND ${STATUS} NOT IN ('draft', 'sent')`;

export const TAB_WHERE: Readonly<Record<EmailTab, string>> = {
  inbox: INBOX,
  urgent: `${INBOX} AND e.priority = 'urgent'`,
  important: `${INBOX} AND e.priority = 'important'`,
  regular: `${INBOX} AND e.priority = 'regular'`,
  sent: `e."isArchived" = false AND ${STATUS} = 'sent'`,
  drafts: `e."isArchived" = false AND ${STATUS} = 'draft'`,
  archived: `e."isArchived" = true`,
};
