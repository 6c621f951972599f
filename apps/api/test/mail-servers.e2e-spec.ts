// Self-test of the mail test harness (test/mail-servers.ts): real Dovecot IMAP and a real SMTP
// server delivering through dovecot-lda. No database and no app: it only proves the harness.
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { allMailFixtures, generateMessages, MAIL_FIXTURES } from './fixtures/mail';
import { type MailServers, SPECIAL_FOLDERS, startMailServers } from './mail-servers';

describe('mail test servers (Dovecot + SMTP)', () => {
  let mail: MailServers;

  beforeAll(async () => {
    mail = await startMailServers({
      users: [
        { name: 'ada', password: 'ada-secret' },
        { name: 'grace', password: 'grace-secret' },
      ],
    });
  });
  afterAll(() => mail?.stop());

  const transport = (user: string, pass: string) =>
    nodemailer.createTransport({
      host: mail.smtp.host,
      port: mail.smtp.port,
      secure: false,
      ignoreTLS: true,
      auth: { user, pass },
    });

  it('logs in over IMAP with the right password, refuses the wrong one, and offers what the sync needs', async () => {
    const client = await mail.connect('ada');
    expect(client.authenticated).toBeTruthy();
    const capabilities = [...client.capabilities.keys()];
    expect(capabilities).toEqual(
      expect.arrayContaining(['CONDSTORE', 'QRESYNC', 'SPECIAL-USE', 'MOVE', 'UIDPLUS', 'IDLE']),
    );
    await client.logout();

    // The full address logs in too (auth_username_format = %Ln).
    const byAddress = new ImapFlow({
      ...mail.imap,
      auth: { user: 'ada@example.test', pass: 'ada-secret' },
      logger: false,
    });
    byAddress.on('error', () => undefined);
    await byAddress.connect();
    await byAddress.logout();

    const wrong = new ImapFlow({ ...mail.imap, auth: { user: 'ada', pass: 'nope' }, logger: false });
    wrong.on('error', () => undefined);
    await expect(wrong.connect()).rejects.toMatchObject({ authenticationFailed: true });
    wrong.close();
  });

  it('creates and subscribes the special-use folders', async () => {
    const client = await mail.connect('grace');
    try {
      const folders = await client.list();
      for (const [name, use] of Object.entries(SPECIAL_FOLDERS)) {
        expect(folders.find((folder) => folder.path === name)).toMatchObject({ specialUse: use, subscribed: true });
      }
      expect(folders.find((folder) => folder.path === 'INBOX')).toBeDefined();
    } finally {
      await client.logout();
    }
  });

  it('appends every fixture to the INBOX, and they parse as described', async () => {
    const fixtures = allMailFixtures();
    for (const [, raw] of fixtures) await mail.appendMessage('ada', raw);
    await mail.appendMessage('ada', generateMessages(1)[0], { mailbox: 'Archive', flags: ['\\Seen'] });

    expect(await mail.mailboxStatus('ada')).toMatchObject({ messages: fixtures.length, unseen: fixtures.length });
    expect(await mail.mailboxStatus('ada', 'Archive')).toMatchObject({ messages: 1, unseen: 0 });
    const messages = await mail.fetchAll('ada');
    expect(messages).toHaveLength(fixtures.length);
    fixtures.forEach(([name], i) => {
      const fixture = MAIL_FIXTURES[name];
      const { parsed } = messages[i];
      expect(parsed.subject).toBe(fixture.subject);
      expect(parsed.messageId).toBe('messageId' in fixture ? fixture.messageId : undefined);
      if ('text' in fixture.expect) expect(parsed.text).toContain(fixture.expect.text);
    });
  });

  it('delivers a message sent through SMTP into the recipient’s INBOX, headers intact', async () => {
    const info = await transport('ada@example.test', 'ada-secret').sendMail({
      from: 'Ada Lovelace <ada@example.test>',
      to: 'Grace Hopper <grace@example.test>',
      subject: 'Réunion — Thursday',
      text: 'See you at ten.',
      html: '<p>See you at <b>ten</b>.</p>',
      inReplyTo: '<20261102091512.4f2a@navy.example>',
      references: ['<20261102091512.4f2a@navy.example>'],
      headers: { 'X-Aide-Test': 'yes' },
    });
    expect(info.accepted).toEqual(['grace@example.test']);

    const [message] = (await mail.fetchAll('grace')).filter((m) => m.parsed.messageId === info.messageId);
    expect(message).toBeDefined();
    expect(message.parsed).toMatchObject({
      subject: 'Réunion — Thursday',
      text: 'See you at ten.',
      html: '<p>See you at <b>ten</b>.</p>',
      inReplyTo: '<20261102091512.4f2a@navy.example>',
      references: '<20261102091512.4f2a@navy.example>',
    });
    expect(message.parsed.from?.value).toEqual([{ address: 'ada@example.test', name: 'Ada Lovelace' }]);
    expect(message.parsed.headers.get('x-aide-test')).toBe('yes');
    expect(message.parsed.date).toBeInstanceOf(Date);
    // Stored byte for byte as nodemailer sent it (dovecot-lda adds no headers in this setup).
    expect(message.source.equals(mail.sent.at(-1)!.raw)).toBe(true);
    expect(mail.sent.at(-1)).toMatchObject({ from: 'ada@example.test', to: ['grace@example.test'], user: 'ada' });
  });

  it('refuses wrong SMTP passwords (535), unknown recipients (550), and everything in fail mode (554)', async () => {
    await expect(
      transport('ada', 'nope').sendMail({ from: 'ada@example.test', to: 'grace@example.test', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 535 });
    await expect(
      transport('ada', 'ada-secret').sendMail({ from: 'ada@example.test', to: 'someone@elsewhere.example', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });

    mail.setFailDelivery(true);
    try {
      await expect(
        transport('ada', 'ada-secret').sendMail({
          from: 'ada@example.test',
          to: 'grace@example.test',
          subject: 'refused',
          text: 'x',
        }),
      ).rejects.toMatchObject({
        responseCode: 554,
        response: expect.stringContaining('Delivery refused (test)'),
      });
    } finally {
      mail.setFailDelivery(false);
    }
    expect((await mail.fetchAll('grace')).map((m) => m.parsed.subject)).not.toContain('refused');
  });

  it('in fail mode for one subject, refuses only the messages whose subject contains it', async () => {
    const send = (subject: string) =>
      transport('ada', 'ada-secret').sendMail({
        from: 'ada@example.test',
        to: 'grace@example.test',
        subject,
        text: 'x',
      });
    mail.setFailDelivery(true, { subjectIncludes: 'tag-1' });
    try {
      await expect(send('Re: Spring sale tag-1')).rejects.toMatchObject({ responseCode: 554 });
      await send('Meeting notes tag-2');
    } finally {
      mail.setFailDelivery(false, { subjectIncludes: 'tag-1' });
    }
    await send('Spring sale again tag-1');
    const subjects = (await mail.fetchAll('grace')).map((m) => m.parsed.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Meeting notes tag-2', 'Spring sale again tag-1']));
    expect(subjects).not.toContain('Re: Spring sale tag-1');
  });

  it('stop() ends Dovecot and is idempotent', async () => {
    const { dovecot } = mail;
    await Promise.all([mail.stop(), mail.stop()]);
    await mail.stop();
    expect(dovecot.exitCode !== null || dovecot.signalCode !== null).toBe(true);
    expect(() => process.kill(dovecot.pid!, 0)).toThrow();
    // Nor any process it forked (login, auth, imap…): its process group is empty.
    expect(() => process.kill(-dovecot.pid!, 0)).toThrow();
    await expect(mail.connect('ada')).rejects.toThrow();
  });
});
