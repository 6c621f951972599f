/** Delete and Move to folder (issue 24, bulk actions): the toolbar, the Trash and Folders tabs, the dialog's Delete. */
import type { Email, EmailFolder } from '@aide/contracts';
import {
  act,
  allByText,
  button,
  byText,
  type Call,
  cleanup,
  click,
  mockFetch,
  pickMenuItem,
  render,
  renderScreen,
  route,
  waitFor,
} from '@aide/testing';
import EmailPage from '../email/EmailPage';
import { EmailDetailDialog } from '../shared/EmailDetailDialog';

afterEach(cleanup);

const email = (id: number, fields: Partial<Email> = {}): Email => ({
  id,
  integrationId: 1,
  subject: `Message ${id}`,
  from: 'Grace Hopper <grace@navy.example>',
  to: 'ada@example.test',
  cc: null,
  body: 'Hello',
  htmlBody: null,
  priority: 'regular',
  category: null,
  isRead: true,
  isArchived: false,
  isAutoResponded: false,
  receivedAt: new Date(Date.now() - 60_000).toISOString(),
  attachments: [],
  metadata: {},
  isTrashed: false,
  folder: null,
  ...fields,
});

const folder = (path: string, total: number, unread = 0): EmailFolder => ({
  path,
  name: path.split('/').pop()!,
  total,
  unread,
});

const stats = { inbox: 3, urgent: 0, important: 0, regular: 3, work: 0, unread: 0, total: 3 };

/** A mailbox of three messages (forty-two match in all), the folders given, and every bulk call answered. */
function mailbox(folders: EmailFolder[] = [folder('Projects', 2, 1), folder('Receipts', 7)]) {
  return mockFetch(
    route('GET /api/emails/stats', { body: stats }),
    route('GET /api/emails/folders', { body: { folders } }),
    route('GET /api/emails', {
      body: { items: [email(1), email(2), email(3)], total: 42, page: 1, pageSize: 20 },
    }),
    route('POST /api/emails/bulk', (call) => ({
      body: { affected: (call.body as { selection: { ids?: number[] } }).selection.ids?.length ?? 42, undoToken: 'u1' },
    })),
  );
}

const listCalls = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.split('?')[0] === '/api/emails')
    .map((c) => new URL(c.url, 'http://x'));
const bulkBodies = (calls: Call[]) => calls.filter((c) => c.url === '/api/emails/bulk').map((c) => c.body);
const notice = (title: string) => allByText(title, '.ant-notification-notice-title').length > 0;

async function tick(subject: string) {
  const box = await waitFor(() => document.querySelector<HTMLInputElement>(`input[aria-label="Select ${subject}"]`));
  await act(async () => {
    box!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}

describe('the toolbar’s Delete and Move to', () => {
  it('Delete sends the selected ids to the Trash and offers Undo', async () => {
    const { calls } = mailbox();
    renderScreen(<EmailPage />, { path: '/email' });
    await tick('Message 1');
    await tick('Message 3');
    await click(button('Delete'));
    await waitFor(() => notice('2 emails moved to the Trash'));
    expect(bulkBodies(calls)).toEqual([{ selection: { ids: [1, 3] }, action: { type: 'delete' } }]);
    expect(button('Undo')).toBeTruthy();
  });

  it('Move to lists the user’s folders (not the Inbox it is in) and moves the selection into the one picked', async () => {
    const { calls } = mailbox();
    renderScreen(<EmailPage />, { path: '/email' });
    await tick('Message 2');
    await click(button('Move to'));
    await waitFor(() => allByText('Receipts', '.ant-dropdown-menu-title-content').length > 0);
    expect(allByText('Projects', '.ant-dropdown-menu-title-content')).toHaveLength(1);
    expect(allByText('Inbox', '.ant-dropdown-menu-title-content')).toHaveLength(0);
    await click(byText('Receipts', '.ant-dropdown-menu-title-content'));
    await waitFor(() => notice('1 email moved to Receipts'));
    expect(bulkBodies(calls)).toEqual([
      { selection: { ids: [2] }, action: { type: 'moveToFolder', folder: 'Receipts' } },
    ]);
  });

  it('says so in the Move to menu when the account has no folders of its own', async () => {
    mailbox([]);
    renderScreen(<EmailPage />, { path: '/email?tab=archived' });
    await tick('Message 1');
    await click(button('Move to'));
    await waitFor(() => allByText('No folders yet', '.ant-dropdown-menu-title-content').length > 0);
    // Out of the Archive, the Inbox is a place to move to.
    expect(allByText('Inbox', '.ant-dropdown-menu-title-content')).toHaveLength(1);
  });
});

describe('the Trash tab', () => {
  it('lists the Trash, and offers Move to Inbox, not Delete', async () => {
    const { calls } = mailbox();
    renderScreen(<EmailPage />, { path: '/email?tab=trash' });
    await waitFor(() => listCalls(calls).some((url) => url.searchParams.get('tab') === 'trash'));
    await waitFor(() => document.querySelector('ul[aria-label="Emails in the Trash"]'));
    await tick('Message 1');
    expect(() => button('Delete')).toThrow();
    expect(() => button('Archive')).toThrow();
    await click(button('Move to Inbox'));
    await waitFor(() => notice('1 email moved to the Inbox'));
    expect(bulkBodies(calls)).toEqual([{ selection: { ids: [1] }, action: { type: 'moveToFolder', folder: 'INBOX' } }]);
  });

  it('says what the Trash is for when it is empty', async () => {
    mockFetch(
      route('GET /api/emails/stats', { body: stats }),
      route('GET /api/emails', { body: { items: [], total: 0, page: 1, pageSize: 20 } }),
    );
    renderScreen(<EmailPage />, { path: '/email?tab=trash' });
    await waitFor(() => byText('The Trash is empty'));
  });
});

describe('the Folders tab', () => {
  it('lists the folders with their counts and shows the first one’s emails, asked with folder=', async () => {
    const { calls } = mailbox();
    const screen = renderScreen(<EmailPage />, { path: '/email?tab=folders' });
    await waitFor(() => listCalls(calls).length > 0);
    const [url] = listCalls(calls);
    expect(url.searchParams.get('folder')).toBe('Projects');
    await waitFor(() => document.querySelector('ul[aria-label="Emails in Projects"]'));
    // The picker shows the folder and how many messages it holds.
    const picked = screen.container.querySelector('.ant-select-content, .ant-select-selection-item');
    expect(picked?.textContent).toBe('Projects2');
    expect(picked?.querySelector('[title="Projects"]')).not.toBeNull();
  });

  it('opens the folder in the address, and "all matching" there sends the folder in the filter', async () => {
    const { calls } = mailbox();
    renderScreen(<EmailPage />, { path: '/email?tab=folders&folder=Receipts' });
    await waitFor(() => document.querySelector('ul[aria-label="Emails in Receipts"]'));
    expect(listCalls(calls).map((url) => url.searchParams.get('folder'))).toEqual(['Receipts']);
    await click(await waitFor(() => document.querySelector('input[aria-label="Select all emails on this page"]')!));
    await click(button('Select all 42 emails matching'));
    await pickMenuItem('Move to', 'Inbox');
    await waitFor(() => notice('42 emails moved to the Inbox'));
    expect(bulkBodies(calls)).toEqual([
      {
        selection: { filter: { tab: 'inbox', folder: 'Receipts' } },
        action: { type: 'moveToFolder', folder: 'INBOX' },
      },
    ]);
  });

  it('says folders from the mail account appear here when there are none', async () => {
    const { calls } = mailbox([]);
    renderScreen(<EmailPage />, { path: '/email?tab=folders' });
    await waitFor(() => byText('No folders yet'));
    expect(byText('The folders you create in your mail account appear here, with their emails.')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(0);
  });
});

describe('the email dialog’s Delete', () => {
  const actions = {
    onToggleRead: () => undefined,
    onEditTriage: () => undefined,
    onToggleArchived: () => undefined,
    onReply: () => undefined,
    onForward: () => undefined,
  };

  it('sits beside Archive and deletes; a message already in the Trash has none', async () => {
    const onDelete = jest.fn();
    render(<EmailDetailDialog open email={email(5)} onClose={() => undefined} actions={{ ...actions, onDelete }} />);
    await waitFor(() => button('Archive'));
    await click(button('Delete'));
    expect(onDelete).toHaveBeenCalledTimes(1);
    cleanup();
    render(
      <EmailDetailDialog
        open
        email={email(6, { isTrashed: true })}
        onClose={() => undefined}
        actions={{ ...actions, onDelete }}
      />,
    );
    await waitFor(() => button('Archive'));
    expect(() => button('Delete')).toThrow();
  });

  it('on the email screen, closes the dialog and moves the message to the Trash with Undo', async () => {
    const { calls } = mailbox();
    renderScreen(<EmailPage />, { path: '/email' });
    const open = await waitFor(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.aide-email-row-open')).find((el) =>
        el.getAttribute('aria-label')?.includes('Message 2'),
      ),
    );
    await click(open!);
    await waitFor(() => document.querySelector('.ant-modal .ant-modal-footer'));
    const del = Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer button')).find(
      (b) => b.getAttribute('aria-label') === 'Delete',
    );
    await click(del!);
    await waitFor(() => notice('1 email moved to the Trash'));
    expect(bulkBodies(calls)).toEqual([{ selection: { ids: [2] }, action: { type: 'delete' } }]);
    await waitFor(() => !document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-footer'));
  });
});
