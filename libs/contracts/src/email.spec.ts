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
      'Tab must be one of inbox, urgent, important, regular, sent, drafts, archived, snoozed',
    ]);
  });
});
