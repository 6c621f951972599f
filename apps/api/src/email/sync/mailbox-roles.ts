/**
 * What a synced mailbox is to the app: where its rows go in the list (email-tabs.ts). 'folder' is one
 * of the user's own folders (bulk Move to folder, issue 24).
 */
export type MailboxRole = 'inbox' | 'archive' | 'sent' | 'drafts' | 'trash' | 'folder';

export interface SyncedMailbox {
  path: string;
  role: MailboxRole;
  /** A user folder's display name (the path's last part). */
  name?: string;
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

type SpecialRole = Exclude<MailboxRole, 'inbox' | 'folder'>;

/** Found by role besides the INBOX, in this order. */
const SPECIAL_ROLES: ReadonlyArray<[SpecialRole, string]> = [
  ['archive', '\\Archive'],
  ['sent', '\\Sent'],
  ['drafts', '\\Drafts'],
  ['trash', '\\Trash'],
];

/** For servers that neither announce SPECIAL-USE nor use a name imapflow knows. */
const COMMON_NAMES: Readonly<Record<SpecialRole, readonly string[]>> = {
  archive: ['archive', 'archives'],
  sent: ['sent', 'sent items', 'sent messages', 'sent mail'],
  drafts: ['drafts', 'draft'],
  trash: ['trash', 'deleted items', 'deleted messages', 'deleted', 'bin'],
};

/**
 * Never synced: spam, and the virtual folders that repeat messages held elsewhere (Gmail's All Mail,
 * Starred and Important), which would show every message twice.
 */
const NOT_SYNCED_USES = ['\\Junk', '\\All', '\\Flagged', '\\Important'];
const JUNK_NAMES = ['junk', 'spam', 'junk e-mail', 'junk email', 'bulk mail'];

const hasFlag = (mailbox: ListedMailbox, flag: string) =>
  [...mailbox.flags].some((f) => f.toLowerCase() === flag.toLowerCase());
const isInbox = (mailbox: ListedMailbox) => mailbox.path.toUpperCase() === 'INBOX';

/**
 * The mailboxes a sync reads, INBOX first: the INBOX, then the Archive, Sent, Drafts and Trash
 * folders found by their SPECIAL-USE flag (RFC 6154), else by imapflow's name guess, else by a
 * common English name (a role the account lacks is left out), then every other selectable folder as
 * the user's own ('folder'), by path. Junk and the virtual folders (NOT_SYNCED_USES) are never synced.
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
  const own = selectable
    .filter((mailbox) => !taken.has(mailbox.path) && !isSkipped(mailbox))
    .sort((a, b) => a.path.localeCompare(b.path));
  return [...chosen, ...own.map((mailbox) => ({ path: mailbox.path, role: 'folder' as const, name: mailbox.name }))];
}

const isSkipped = (mailbox: ListedMailbox) =>
  NOT_SYNCED_USES.some((use) => mailbox.specialUse === use || hasFlag(mailbox, use)) ||
  JUNK_NAMES.includes(mailbox.name.toLowerCase());

/** Where a message in this mailbox shows in the list (email-tabs.ts). */
export interface PlaceFields {
  isArchived: boolean;
  status: 'sent' | 'draft' | null;
  isTrashed: boolean;
  /** The user's own folder's path, for role 'folder'. */
  folder: string | null;
}

export function roleFields(mailbox: SyncedMailbox): PlaceFields {
  const { role } = mailbox;
  return {
    isArchived: role === 'archive',
    status: role === 'sent' ? 'sent' : role === 'drafts' ? 'draft' : null,
    isTrashed: role === 'trash',
    folder: role === 'folder' ? mailbox.path : null,
  };
}
