import type { ImapFlow, MailboxObject } from 'imapflow';
import type { EmailSyncStore, PendingRow } from '../sync/email-sync.store';
import { compactUidSet } from '../sync/uid-sets';

/** The IMAP keyword another client sees on a snoozed message (the name Thunderbird and Fastmail's users know). */
export const SNOOZED_KEYWORD = '$Snoozed';

/** Whether the open mailbox keeps keywords the client makes up (PERMANENTFLAGS has \*, RFC 3501 §7.1). */
export function allowsNewKeywords(mailbox: Pick<MailboxObject, 'permanentFlags'>): boolean {
  return mailbox.permanentFlags?.has('\\*') ?? false;
}

/**
 * The push step's snooze part (sync engine, step 1): STORE +/-FLAGS $Snoozed for the rows whose
 * pendingServerChanges.snoozed is set, in the mailbox open now. On a server that does not keep new
 * keywords, the snooze lives in the app only and the pending change is dropped. A refused STORE
 * (false) leaves it pending for the next sync.
 */
export async function pushSnoozeKeyword(
  client: ImapFlow,
  mailbox: Pick<MailboxObject, 'permanentFlags'>,
  rows: PendingRow[],
  store: Pick<EmailSyncStore, 'clearPushed'>,
): Promise<void> {
  for (const snoozed of [true, false]) {
    const changed = rows.filter((row) => row.changes.snoozed === snoozed);
    if (changed.length === 0) continue;
    const ids = changed.map((row) => row.id);
    if (!allowsNewKeywords(mailbox)) {
      await store.clearPushed(ids, 'snoozed', snoozed);
      continue;
    }
    const uids = compactUidSet(changed.map((row) => row.uid));
    const stored = snoozed
      ? await client.messageFlagsAdd(uids, [SNOOZED_KEYWORD], { uid: true })
      : await client.messageFlagsRemove(uids, [SNOOZED_KEYWORD], { uid: true });
    if (stored !== false) await store.clearPushed(ids, 'snoozed', snoozed);
  }
}
