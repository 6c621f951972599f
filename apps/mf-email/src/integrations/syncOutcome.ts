/**
 * When does a Sync Now end, and how? The API answers 202 at once with the account `syncing: true`;
 * the sync then runs as a background job, and when it ends the account's `syncing` goes false with
 * lastSyncAt (success) or lastSyncError (failure) updated; the live stream refetches the list.
 * So the panel remembers what the account looked like when the sync was asked for and compares
 * each fresh list with it. Pure: no React.
 */
import type { EmailAccount } from './useEmailIntegrations';

export interface SyncWatch {
  lastSyncAt: string | null;
  lastSyncError: string | null;
  /** The account has been seen with syncing: true since (so its end can be told even if nothing else changed). */
  sawSyncing: boolean;
}

export type SyncOutcome =
  { kind: 'pending' } | { kind: 'succeeded' } | { kind: 'failed'; error: string | null } | { kind: 'gone' };

/** What to remember when Sync Now is answered: the account before, and whether the answer said syncing. */
export function startWatch(
  before: Pick<EmailAccount, 'lastSyncAt' | 'lastSyncError'>,
  answer: EmailAccount | undefined,
): SyncWatch {
  return { lastSyncAt: before.lastSyncAt, lastSyncError: before.lastSyncError, sawSyncing: answer?.syncing === true };
}

/**
 * The state of a watched sync given the account as the latest list shows it. An API that answers
 * without `syncing` (a sync that ran before answering) ends the watch as soon as the account's sync
 * fields change.
 */
export function syncOutcome(watch: SyncWatch, current: EmailAccount | undefined): SyncOutcome {
  if (!current) return { kind: 'gone' };
  if (current.syncing) return { kind: 'pending' };
  const changed = current.lastSyncAt !== watch.lastSyncAt || current.lastSyncError !== watch.lastSyncError;
  if (!watch.sawSyncing && !changed) return { kind: 'pending' };
  return outcomeOf(current);
}

/**
 * Whether the answer to Sync Now is already the end of it: an account not `syncing` (an API that
 * syncs before answering). Its lastSyncError then says how it went.
 */
export const finishedOnAnswer = (answer: EmailAccount | undefined | null): boolean =>
  typeof answer === 'object' && answer !== null && 'id' in answer && answer.syncing !== true;

/** The outcome an account shows once its sync has ended. */
export const outcomeOf = (account: Pick<EmailAccount, 'lastSyncError'>): SyncOutcome =>
  account.lastSyncError ? { kind: 'failed', error: account.lastSyncError } : { kind: 'succeeded' };
