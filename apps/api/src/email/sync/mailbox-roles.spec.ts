import { type ListedMailbox, type MailboxRole, roleFields, syncedMailboxes } from './mailbox-roles';

const box = (path: string, specialUse?: string, extra: Partial<ListedMailbox> = {}): ListedMailbox => ({
  path,
  name: path.split('/').at(-1)!,
  flags: new Set(specialUse ? [specialUse] : []),
  specialUse,
  specialUseSource: specialUse ? 'extension' : undefined,
  ...extra,
});

describe('syncedMailboxes', () => {
  it("takes the INBOX, the Archive, Sent, Drafts and Trash by SPECIAL-USE, then the user's folders by path, never Junk", () => {
    const listed = [
      box('INBOX'),
      box('Trash', '\\Trash'),
      box('Junk', '\\Junk'),
      box('Mail/Sent Stuff', '\\Sent'),
      box('Brouillons', '\\Drafts'),
      box('Old', '\\Archive'),
      box('Projects/Clients'),
      box('Projects'),
    ];
    expect(syncedMailboxes(listed)).toEqual([
      { path: 'INBOX', role: 'inbox' },
      { path: 'Old', role: 'archive' },
      { path: 'Mail/Sent Stuff', role: 'sent' },
      { path: 'Brouillons', role: 'drafts' },
      { path: 'Trash', role: 'trash' },
      { path: 'Projects', role: 'folder', name: 'Projects' },
      { path: 'Projects/Clients', role: 'folder', name: 'Clients' },
    ]);
  });

  it("leaves out Gmail's virtual folders (All Mail, Starred, Important) and spam by name, which would repeat messages", () => {
    const listed = [
      box('INBOX'),
      box('[Gmail]/All Mail', '\\All'),
      box('[Gmail]/Starred', '\\Flagged'),
      box('[Gmail]/Important', '\\Important'),
      box('[Gmail]/Bin', '\\Trash'),
      box('Spam'),
      box('Receipts'),
    ];
    expect(syncedMailboxes(listed)).toEqual([
      { path: 'INBOX', role: 'inbox' },
      { path: '[Gmail]/Bin', role: 'trash' },
      { path: 'Receipts', role: 'folder', name: 'Receipts' },
    ]);
  });

  it('prefers a flag the server announced over a name guess, then falls back to common names', () => {
    const guessed = box('Sent Messages', '\\Sent', { specialUseSource: 'name' });
    expect(syncedMailboxes([box('INBOX'), guessed, box('Outbox', '\\Sent')])).toContainEqual({
      path: 'Outbox',
      role: 'sent',
    });
    expect(
      syncedMailboxes([box('INBOX'), box('Archives'), box('Sent Items'), box('Drafts')]).map((m) => m.role),
    ).toEqual(['inbox', 'archive', 'sent', 'drafts']);
  });

  it('leaves out a role the account lacks and folders that cannot be selected', () => {
    expect(syncedMailboxes([box('INBOX'), box('Archive', undefined, { flags: new Set(['\\Noselect']) })])).toEqual([
      { path: 'INBOX', role: 'inbox' },
    ]);
    expect(syncedMailboxes([])).toEqual([{ path: 'INBOX', role: 'inbox' }]);
  });

  it('says how each role shows in the list', () => {
    const fields = (role: MailboxRole, path = 'X') => roleFields({ path, role });
    const none = { isArchived: false, status: null, isTrashed: false, folder: null };
    expect(fields('inbox')).toEqual(none);
    expect(fields('archive')).toEqual({ ...none, isArchived: true });
    expect(fields('sent')).toEqual({ ...none, status: 'sent' });
    expect(fields('drafts')).toEqual({ ...none, status: 'draft' });
    expect(fields('trash')).toEqual({ ...none, isTrashed: true });
    expect(fields('folder', 'Projects/Clients')).toEqual({ ...none, folder: 'Projects/Clients' });
  });
});
