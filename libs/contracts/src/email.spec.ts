import {
  createEmailIntegrationSchema,
  EMAIL_MESSAGES,
  EMAIL_PAGE_SIZE,
  forwardEmailSchema,
  listEmailsQuerySchema,
  replyEmailSchema,
  updateEmailIntegrationSchema,
  updateEmailSchema,
} from './email';
import { EMAIL_ACTIONS_MESSAGES, emailBulkSchema } from './email-actions';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('createEmailIntegrationSchema', () => {
  it('applies the spec defaults: sync every 300 s, auto-respond off, auto-categories on', () => {
    expect(
      createEmailIntegrationSchema.parse({ provider: 'outlook', email: ' ada@example.com ', password: 'app-password' }),
    ).toEqual({
      provider: 'outlook',
      email: 'ada@example.com',
      password: 'app-password',
      syncFrequency: 300,
      autoRespond: false,
      autoCategories: true,
    });
  });

  it('refuses an invalid address with the spec message, an unknown provider and a sync under 60 s', () => {
    const result = createEmailIntegrationSchema.safeParse({
      provider: 'aol',
      email: 'not-an-address',
      password: 'x',
      syncFrequency: 59,
    });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'Provider must be one of gmail, outlook, yahoo, imap',
        EMAIL_MESSAGES.invalidEmail,
        'Sync frequency must be at least 60 seconds',
      ]),
    );
  });

  it('takes custom hosts and ports for imap and refuses a port out of range', () => {
    const ok = createEmailIntegrationSchema.parse({
      provider: 'imap',
      email: 'a@b.io',
      password: 'p',
      imapHost: 'mail.b.io',
      imapPort: '993',
      smtpHost: '127.0.0.1',
      smtpPort: 587,
    });
    expect(ok).toMatchObject({ imapHost: 'mail.b.io', imapPort: 993, smtpHost: '127.0.0.1', smtpPort: 587 });
    expect(
      messages(
        createEmailIntegrationSchema.safeParse({ provider: 'imap', email: 'a@b.io', password: 'p', imapPort: 70000 }),
      ),
    ).toContain('IMAP port must be between 1 and 65535');
  });
});

describe('the other email payloads', () => {
  it('PATCH of an integration and of an email accept only their fields', () => {
    expect(updateEmailIntegrationSchema.parse({ syncEnabled: false })).toEqual({ syncEnabled: false });
    expect(updateEmailIntegrationSchema.safeParse({ password: 'x' }).success).toBe(false);
    expect(updateEmailSchema.parse({ priority: 'urgent', category: null })).toEqual({
      priority: 'urgent',
      category: null,
    });
    expect(messages(updateEmailSchema.safeParse({ priority: 'high' }))).toEqual([
      'Priority must be urgent, important or regular',
    ]);
  });

  it('a reply needs non-blank content, a forward a valid recipient', () => {
    expect(messages(replyEmailSchema.safeParse({ emailId: 1, content: '   ' }))).toEqual([
      EMAIL_MESSAGES.replyContentRequired,
    ]);
    expect(messages(forwardEmailSchema.safeParse({ emailId: 1, to: ' ' }))).toEqual([
      EMAIL_MESSAGES.forwardRecipientRequired,
    ]);
    expect(forwardEmailSchema.parse({ emailId: '7', to: 'b@c.io' })).toEqual({ emailId: 7, to: 'b@c.io', content: '' });
  });
});

describe('listEmailsQuerySchema', () => {
  it('defaults to the first page of the Inbox and coerces query-string numbers', () => {
    expect(listEmailsQuerySchema.parse({})).toEqual({ tab: 'inbox', page: 1, pageSize: EMAIL_PAGE_SIZE.default });
    expect(
      listEmailsQuerySchema.parse({
        tab: 'archived',
        q: ' invoice ',
        priority: 'urgent',
        category: 'work',
        page: '3',
        pageSize: '20',
        _: '1',
      }),
    ).toEqual({
      tab: 'archived',
      q: 'invoice',
      priority: 'urgent',
      category: 'work',
      page: 3,
      pageSize: 20,
    });
  });

  it('is never unbounded: a page size over the maximum, a zero page and an unknown tab are refused', () => {
    expect(messages(listEmailsQuerySchema.safeParse({ pageSize: '101' }))).toEqual(['Page size must be at most 100']);
    expect(messages(listEmailsQuerySchema.safeParse({ page: '0' }))).toEqual(['Page must be at least 1']);
    expect(messages(listEmailsQuerySchema.safeParse({ pageSize: 'all' }))).toEqual(['Page size must be a number']);
    expect(messages(listEmailsQuerySchema.safeParse({ tab: 'spam' }))).toEqual([
      'Tab must be one of inbox, urgent, important, regular, sent, drafts, archived, snoozed, trash',
    ]);
  });
});

describe('bulk delete and move to folder (issue 24)', () => {
  const bulk = (action: unknown) => emailBulkSchema.safeParse({ selection: { ids: [1, 2] }, action });

  it('takes delete, and a move to a folder by its path, trimmed', () => {
    expect(bulk({ type: 'delete' }).data?.action).toEqual({ type: 'delete' });
    expect(bulk({ type: 'moveToFolder', folder: ' Projects/Clients ' }).data?.action).toEqual({
      type: 'moveToFolder',
      folder: 'Projects/Clients',
    });
  });

  it('refuses a move without a folder, and an action it does not know, in words', () => {
    expect(messages(bulk({ type: 'moveToFolder' }))).toEqual([EMAIL_ACTIONS_MESSAGES.folderRequired]);
    expect(messages(bulk({ type: 'moveToFolder', folder: '   ' }))).toEqual([EMAIL_ACTIONS_MESSAGES.folderRequired]);
    expect(messages(bulk({ type: 'shred' }))).toEqual([
      'Action must be one of archive, markRead, markUnread, setPriority, setCategory, snooze, delete, moveToFolder',
    ]);
  });

  it('lists a folder, or the Trash tab; "select all matching" in a folder carries the folder', () => {
    expect(listEmailsQuerySchema.parse({ folder: 'Projects' })).toMatchObject({ tab: 'inbox', folder: 'Projects' });
    expect(listEmailsQuerySchema.parse({ tab: 'trash' }).tab).toBe('trash');
    expect(
      emailBulkSchema.parse({ selection: { filter: { tab: 'inbox', folder: 'Projects' } }, action: { type: 'delete' } })
        .selection,
    ).toEqual({ filter: { tab: 'inbox', folder: 'Projects' } });
  });
});
