import type { ImapFlow } from 'imapflow';
import type { Repository } from 'typeorm';
import type { EmailEntity } from '../email.entity';
import type { MailAccount } from '../mail-access';
import { syncedMailboxes } from '../sync/mailbox-roles';

/** The outbox's two errands on the account's server: finding a sent message, removing a sent draft. */

async function withImap<T>(account: MailAccount, run: (imap: ImapFlow) => Promise<T>): Promise<T> {
  const imap = await account.connectImap();
  try {
    return await run(imap);
  } finally {
    await imap.logout().catch(() => imap.close());
  }
}

/** Whether the account's Sent folder (SPECIAL-USE, else a common name) holds a message with this Message-ID. */
export async function findInSentFolder(account: MailAccount, messageId: string): Promise<boolean> {
  return withImap(account, async (imap) => {
    const sent = syncedMailboxes(await imap.list()).find((mailbox) => mailbox.role === 'sent');
    if (!sent) return false;
    const lock = await imap.getMailboxLock(sent.path, { readOnly: true });
    try {
      const uids = await imap.search({ header: { 'message-id': messageId } }, { uid: true });
      return Array.isArray(uids) && uids.length > 0;
    } finally {
      lock.release();
    }
  });
}

/**
 * The draft a sent message was written in, gone: its copy in the server's Drafts folder (flagged
 * \Deleted and expunged, when the folder's UIDVALIDITY still names it), then its row. Only a row
 * that is still a draft is touched. When the server copy cannot be removed the row stays, rather
 * than the next sync bringing the draft back as a new one; the caller logs why.
 */
export async function removeDraft(
  emails: Repository<EmailEntity>,
  account: MailAccount,
  userId: number,
  draftId: number,
): Promise<void> {
  const draft = await emails.findOne({ where: { id: draftId, userId } });
  if (!draft || draft.metadata?.status !== 'draft') return;
  if (draft.mailbox !== null && draft.uidValidity !== null && draft.uid !== null) {
    const { mailbox, uidValidity, uid } = draft;
    await withImap(account, async (imap) => {
      const lock = await imap.getMailboxLock(mailbox);
      try {
        if (imap.mailbox && imap.mailbox.uidValidity.toString() === uidValidity)
          await imap.messageDelete(uid, { uid: true });
      } finally {
        lock.release();
      }
    });
  }
  await emails.delete({ id: draftId, userId });
}
