import { type ListedMailbox, roleFields, syncedMailboxes } from './mailbox-roles';

const box = (path: string, specialUse?: string, extra: Partial<ListedMailbox> = {}): ListedMailbox => ({
  path,
  name: path.split('/').at(-1)!,
  flags: new Set(specialUse ? [specialUse] : []),
  specialUse,
  specialUseSource: specialUse ? 'extension' : undefined,
  ...extra,
});

describe('syncedMailboxes', () => {
  it('takes the INBOX and the Archive, Sent and Drafts folders by SPECIAL-USE, never Trash or Junk', () => {
    const listed = [
      box('INBOX'),
      box('Trash', '\\Trash'),
      box('Junk', '\\Junk'),
      box('Mail/Sent Stuff', '\\Sent'),
      box('Brouillons', '\\Drafts'),
      box('Old', '\\Archive'),
      box('Projects'),
    ];
    expect(syncedMailboxes(listed)).toEqual([
      { path: 'INBOX', role: 'inbox' },
      { path: 'Old', role: 'archive' },
      { path: 'Mail/Sent Stuff', role: 'sent' },
      { path: 'Brouillons', role: 'drafts' },
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
    expect(roleFields('inbox')).toEqual({ isArchived: false, status: null });
    expect(roleFields('archive')).toEqual({ isArchived: true, status: null });
    expect(roleFields('sent')).toEqual({ isArchived: false, status: 'sent' });
    expect(roleFields('drafts')).toEqual({ isArchived: false, status: 'draft' });
  });
});
