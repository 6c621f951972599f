/** What a synced mailbox is to the app: where its rows go in the list (email-tabs.ts). */
export type MailboxRole = 'inbox' | 'archive' | 'sent' | 'drafts';

export interface SyncedMailbox {
  path: string;
  role: MailboxRole;
}

/** The parts of an IMAP LIST entry (imapflow's ListResponse) the choice reads. */
export interface ListedMailbox {
  path: string;
  /** The last part of the path. */
  name: string;
  flags: Set<string>;
  /** '\Archive', '\Sent', … as imapflow found it: from SPECIAL-USE, or guessed from well-known localized names. */
  specialUse?: string;
  specialUseSource?: 'user' | 'extension' | 'name';
}

type SpecialRole = Exclude<MailboxRole, 'inbox'>;

/** Synced besides the INBOX, in this order; Trash and Junk are not. */
const SPECIAL_ROLES: ReadonlyArray<[SpecialRole, string]> = [
  ['archive', '\\Archive'],
  ['sent', '\\Sent'],
  ['drafts', '\\Drafts'],
];

/** For servers that neither announce SPECIAL-USE nor use a name imapflow knows. */
const COMMON_NAMES: Readonly<Record<SpecialRole, readonly string[]>> = {
  archive: ['archive', 'archives'],
  sent: ['sent', 'sent items', 'sent messages', 'sent mail'],
  drafts: ['drafts', 'draft'],
};

const hasFlag = (mailbox: ListedMailbox, flag: string) =>
  [...mailbox.flags].some((f) => f.toLowerCase() === flag.toLowerCase());
const isInbox = (mailbox: ListedMailbox) => mailbox.path.toUpperCase() === 'INBOX';

/**
 * The mailboxes a sync reads, INBOX first: the INBOX, then the Archive, Sent and Drafts folders
 * found by their SPECIAL-USE flag (RFC 6154), else by imapflow's name guess, else by a common
 * English name. A role the account lacks is left out; Trash and Junk are never synced.
 */
export function syncedMailboxes(listed: ListedMailbox[]): SyncedMailbox[] {
  const selectable = listed.filter(
    (mailbox) => !hasFlag(mailbox, '\\Noselect') && !hasFlag(mailbox, '\\NonExistent') && !isInbox(mailbox),
  );
  const chosen: SyncedMailbox[] = [{ path: 'INBOX', role: 'inbox' }];
  const taken = new Set<string>(['INBOX']);
  for (const [role, flag] of SPECIAL_ROLES) {
    const free = selectable.filter((mailbox) => !taken.has(mailbox.path));
    const found =
      free.find((mailbox) => mailbox.specialUse === flag && mailbox.specialUseSource !== 'name') ??
      free.find((mailbox) => mailbox.specialUse === flag) ??
      free.find((mailbox) => COMMON_NAMES[role].includes(mailbox.name.toLowerCase()));
    if (found) {
      chosen.push({ path: found.path, role });
      taken.add(found.path);
    }
  }
  return chosen;
}

/** What the list makes of a message in a mailbox of this role (email-tabs.ts). */
export function roleFields(role: MailboxRole): { isArchived: boolean; status: 'sent' | 'draft' | null } {
  return { isArchived: role === 'archive', status: role === 'sent' ? 'sent' : role === 'drafts' ? 'draft' : null };
}
