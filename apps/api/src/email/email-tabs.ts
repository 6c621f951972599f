import type { EmailTab, ListEmailsQuery } from '@aide/contracts';
import { prefixTsQuery } from '../search/prefix-tsquery';

/**
 * The email screen's tabs as SQL over `emails e` (spec §4 and DECISIONS): archived emails appear
 * only in Archived; Drafts are metadata.status 'draft' and Sent metadata.status 'sent' (a delivered
 * reply or forward, or a message synced from the account's Sent mailbox: the prototype's "fixed
 * sender address and a Re:/Fwd: subject" was its stand-in for "sent from here"); the Inbox is every
 * other non-archived email, and the priority tabs are the Inbox's emails of that priority.
 * `"isArchived" = false` is written as the partial index's predicate, so the planner can use it.
 */
const STATUS = `coalesce(e.metadata->>'status', '')`;
/** Bulk Delete and Move to folder (issue 24): a deleted message is in Trash only, a filed one in its folder only. */
const UNFILED = `e."isTrashed" = false AND e.folder IS NULL`;
// Snooze (issue 24, actions): a snoozed message leaves the Inbox (and its counts) until it wakes.
// Written out twice more, word for word: the partial index IDX_emails_inbox_userId_priority_isRead
// and email_counts_apply(), the trigger that keeps the counts (migration AddEmailCounts). A change
// here needs a migration for both; email-counts.e2e-spec.ts compares the counts with this.
export const INBOX = `e."isArchived" = false AND ${STATUS} NOT IN ('draft', 'sent') AND e."snoozedUntil" IS NULL AND ${UNFILED}`;

export const TAB_WHERE: Readonly<Record<EmailTab, string>> = {
  inbox: INBOX,
  urgent: `${INBOX} AND e.priority = 'urgent'`,
  important: `${INBOX} AND e.priority = 'important'`,
  regular: `${INBOX} AND e.priority = 'regular'`,
  sent: `e."isArchived" = false AND ${STATUS} = 'sent' AND ${UNFILED}`,
  drafts: `e."isArchived" = false AND ${STATUS} = 'draft' AND ${UNFILED}`,
  archived: `e."isArchived" = true AND ${UNFILED}`,
  snoozed: `e."isArchived" = false AND e."snoozedUntil" IS NOT NULL AND ${UNFILED}`,
  trash: `e."isTrashed" = true`,
};

/** Where a message may be snoozed from (the Inbox's place: not archived, deleted or filed). */
export const SNOOZABLE = `e."isArchived" = false AND e."isTrashed" = false AND e.folder IS NULL`;

/**
 * A list query's conditions on `emails e` (GET /api/emails, and a bulk action's "all matching"): its
 * folder (then the tab does not apply) or its tab, then q, priority and category. `param` numbers a value.
 */
export function listConditions(
  query: Pick<ListEmailsQuery, 'tab' | 'q' | 'priority' | 'category' | 'folder'>,
  param: (value: unknown) => string,
): string[] {
  const where = [query.folder ? `e."isTrashed" = false AND e.folder = ${param(query.folder)}` : TAB_WHERE[query.tab]];
  if (query.q) where.push(`e."searchVector" @@ ${prefixTsQuery(param(query.q))}`);
  if (query.priority) where.push(`e.priority = ${param(query.priority)}`);
  if (query.category) where.push(`e.category = ${param(query.category)}`);
  return where;
}

/** The list's order: a woken snoozed message sorts by when it woke (on top), not by when it arrived. */
export const LIST_ORDER = `coalesce(e."resurfacedAt", e."receivedAt") DESC, e.id DESC`;
/** The Snoozed tab: the soonest to wake first. */
export const SNOOZED_ORDER = `e."snoozedUntil" ASC, e.id ASC`;
