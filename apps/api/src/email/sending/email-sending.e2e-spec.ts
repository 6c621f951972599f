// Reply and forward over real SMTP and IMAP: Dovecot holds the accounts' mailboxes and the SMTP
// server delivers into them, so what was sent is fetched from the recipient's INBOX.
import { EMAIL_MESSAGES, type Email, type EmailPage, type SendEmailResult } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, insertEmails, signUp } from '../../../test/factories';
import { type MessageSpec, newMessageId, storeInboxMessage } from '../../../test/fixtures/mail/incoming';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';

jest.setTimeout(30_000);

let t: TestApp;
let db: DataSource;
let mail: MailServers;

beforeAll(async () => {
  mail = await startMailServers({
    users: [
      { name: 'ada', password: 'ada-secret' },
      { name: 'grace', password: 'grace-secret' },
      { name: 'katherine', password: 'k-secret' },
    ],
  });
  t = await createTestApp({ env: LOOPBACK_SERVERS_ENV });
  db = t.app.get(DataSource);
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});
afterEach(() => mail.setFailDelivery(false));

interface Mailbox {
  agent: Agent;
  userId: number;
  integrationId: number;
}

/** A signed-up user with ada's mailbox connected (as 'Ada Lovelace'). */
async function adaAccount(overrides: Record<string, unknown> = {}): Promise<Mailbox> {
  const { agent, user } = await signUp(request.agent(t.http));
  const integration = await agent
    .post('/api/email-integrations')
    .send({
      provider: 'imap',
      email: mail.address('ada'),
      displayName: 'Ada Lovelace',
      password: 'ada-secret',
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
      ...overrides,
    })
    .expect(201);
  return { agent, userId: user.id, integrationId: integration.body.id };
}

const fromGrace = (overrides: Partial<MessageSpec> = {}): MessageSpec => ({
  from: `Grace Hopper <${mail.address('grace')}>`,
  to: `Ada Lovelace <${mail.address('ada')}>`,
  subject: `Compiler notes ${newMessageId().slice(1, 9)}`,
  body: 'Hi Ada,\n\nThe linker works on the test tapes.\n\nGrace',
  ...overrides,
});

const inbox = async (user: string, messageId: string) =>
  (await mail.fetchAll(user)).filter((m) => m.parsed.messageId === messageId);

describe('POST /api/emails/reply', () => {
  it('delivers the reply to the sender with threading headers, the quoted original, and files it in Sent', async () => {
    const ada = await adaAccount();
    const references = [newMessageId('navy.example')];
    const spec = fromGrace({ references, inReplyTo: references[0], date: new Date('2030-01-03T09:05:00Z') });
    const original = await storeInboxMessage(db, mail, { ...ada, mailUser: 'ada' }, spec);

    const response = await ada.agent
      .post('/api/emails/reply')
      .send({ emailId: original.id, content: 'Wonderful news.\nSee you Thursday.' })
      .expect(200);
    const body = response.body as SendEmailResult;
    expect(body).toMatchObject({ emailSent: true, message: EMAIL_MESSAGES.replySent });
    expect(body.email).toMatchObject({
      subject: `Re: ${spec.subject}`,
      to: spec.from,
      from: `Ada Lovelace <${mail.address('ada')}>`,
      isRead: true,
      priority: 'regular',
      metadata: { status: 'sent' },
    });

    const [row] = await db.query(
      `SELECT "messageId", "inReplyTo", "references", mailbox, uid FROM emails WHERE id = $1`,
      [body.email.id],
    );
    const [delivered] = await inbox('grace', row.messageId);
    expect(delivered).toBeDefined();
    const parsed = delivered.parsed;
    expect(parsed.subject).toBe(`Re: ${spec.subject}`);
    expect(parsed.from?.value).toEqual([{ name: 'Ada Lovelace', address: mail.address('ada') }]);
    expect(parsed.inReplyTo).toBe(original.messageId);
    expect(parsed.references).toEqual([references[0], original.messageId]);
    expect(row).toMatchObject({ inReplyTo: original.messageId, references: [references[0], original.messageId] });
    expect(parsed.text).toContain(
      'Wonderful news.\nSee you Thursday.\n\nOn Thu, 3 Jan 2030 at 09:05 UTC, Grace Hopper <grace@example.test> wrote:\n> Hi Ada,\n>\n> The linker works on the test tapes.',
    );
    expect(parsed.html).toContain('<blockquote');

    // Filed in ada's Sent mailbox, and the row knows where (so a sync adopts rather than duplicates it).
    const sent = (await mail.fetchAll('ada', 'Sent')).filter((m) => m.parsed.messageId === row.messageId);
    expect(sent).toHaveLength(1);
    expect(sent[0].flags).toContain('\\Seen');
    expect(row).toMatchObject({ mailbox: 'Sent', uid: String(sent[0].uid) });

    const sentTab: EmailPage = (await ada.agent.get('/api/emails').query({ tab: 'sent' }).expect(200)).body;
    expect(sentTab.items.map((e: Email) => e.id)).toEqual([body.email.id]);
  });

  it("answers the Reply-To address when the original has one, and never writes 'Re: Re:'", async () => {
    const ada = await adaAccount();
    const spec = fromGrace({
      subject: 'RE: Budget',
      headers: { 'Reply-To': `Katherine Johnson <${mail.address('katherine')}>` },
    });
    const original = await storeInboxMessage(db, mail, { ...ada, mailUser: 'ada' }, spec);

    const { body } = await ada.agent
      .post('/api/emails/reply')
      .send({ emailId: original.id, content: 'Noted.' })
      .expect(200);
    expect(body).toMatchObject({
      emailSent: true,
      email: { subject: 'RE: Budget', to: `Katherine Johnson <${mail.address('katherine')}>` },
    });
    const [row] = await db.query(`SELECT "messageId" FROM emails WHERE id = $1`, [body.email.id]);
    expect(await inbox('katherine', row.messageId)).toHaveLength(1);
    expect(await inbox('grace', row.messageId)).toHaveLength(0);
  });

  it('saves the reply as a draft with the reason when the SMTP server refuses it (554), and sends nothing', async () => {
    const ada = await adaAccount();
    const original = await storeInboxMessage(db, mail, { ...ada, mailUser: 'ada' }, fromGrace());
    const sentBefore = (await mail.fetchAll('ada', 'Sent')).length;
    mail.setFailDelivery(true);

    const { body } = await ada.agent
      .post('/api/emails/reply')
      .send({ emailId: original.id, content: 'This will bounce.' })
      .expect(200);
    expect(body).toMatchObject({ emailSent: false, message: EMAIL_MESSAGES.deliveryFailedDraft });
    expect(body.email.metadata).toEqual({
      status: 'draft',
      deliveryError: expect.stringContaining('554'),
      inReplyToEmailId: original.id,
    });
    expect(body.email.metadata.deliveryError).toContain('Delivery refused (test)');

    const drafts: EmailPage = (await ada.agent.get('/api/emails').query({ tab: 'drafts' }).expect(200)).body;
    expect(drafts.items).toEqual([
      expect.objectContaining({ id: body.email.id, body: expect.stringContaining('This will bounce.') }),
    ]);
    // (The Sent tab may hold what the account's first sync brought in; not this reply.)
    const sent: EmailPage = (await ada.agent.get('/api/emails').query({ tab: 'sent', q: 'bounce' }).expect(200)).body;
    expect(sent.items.filter((e) => e.body.includes('This will bounce.'))).toEqual([]);
    expect((await mail.fetchAll('grace')).some((m) => m.parsed.text?.includes('This will bounce.'))).toBe(false);
    expect(await mail.fetchAll('ada', 'Sent')).toHaveLength(sentBefore);
  });

  it("saves a draft when the server refuses the account's password or cannot be reached", async () => {
    const wrongPassword = await adaAccount({ password: 'not-the-password' });
    const first = await storeInboxMessage(db, mail, { ...wrongPassword, mailUser: 'ada' }, fromGrace());
    const refused = await wrongPassword.agent
      .post('/api/emails/reply')
      .send({ emailId: first.id, content: 'Hello' })
      .expect(200);
    expect(refused.body).toMatchObject({
      emailSent: false,
      message: EMAIL_MESSAGES.deliveryFailedDraft,
      email: { metadata: { status: 'draft' } },
    });
    expect(refused.body.email.metadata.deliveryError).toMatch(/sign-in/);

    const unreachable = await adaAccount({ smtpPort: 1, imapPort: 1 });
    const second = await storeInboxMessage(db, mail, { ...unreachable, mailUser: 'ada' }, fromGrace(), {
      onServer: false,
    });
    const down = await unreachable.agent
      .post('/api/emails/reply')
      .send({ emailId: second.id, content: 'Hello' })
      .expect(200);
    expect(down.body).toMatchObject({
      emailSent: false,
      email: {
        metadata: {
          status: 'draft',
          deliveryError: 'Could not connect to the server at 127.0.0.1. Check the address and port.',
        },
      },
    });
  });

  it("answers 404 for another user's or a missing email, 400 for blank content or an email without an account", async () => {
    const ada = await adaAccount();
    const other = await adaAccount();
    const original = await storeInboxMessage(db, mail, { ...ada, mailUser: 'ada' }, fromGrace(), { onServer: false });

    await other.agent
      .post('/api/emails/reply')
      .send({ emailId: original.id, content: 'Hi' })
      .expect(404, { message: EMAIL_MESSAGES.emailNotFound });
    await ada.agent
      .post('/api/emails/reply')
      .send({ emailId: 999_999_999, content: 'Hi' })
      .expect(404, { message: EMAIL_MESSAGES.emailNotFound });
    const blank = await ada.agent.post('/api/emails/reply').send({ emailId: original.id, content: '   ' }).expect(400);
    expect(blank.body.message).toBe(EMAIL_MESSAGES.replyContentRequired);
    await ada.agent.post('/api/emails/reply').send({ content: 'Hi' }).expect(400);

    const [local] = await insertEmails(db, ada.userId, [{ subject: 'No account', from: 'x@example.com' }]);
    await ada.agent
      .post('/api/emails/reply')
      .send({ emailId: local, content: 'Hi' })
      .expect(400, { message: EMAIL_MESSAGES.noSendingAccount });
    const [noSender] = await insertEmails(db, ada.userId, [
      { integrationId: ada.integrationId, from: 'undisclosed-recipients:;' },
    ]);
    await ada.agent
      .post('/api/emails/reply')
      .send({ emailId: noSender, content: 'Hi' })
      .expect(400, { message: EMAIL_MESSAGES.noReplyAddress });
    // Nothing was sent or saved as a reply (rows the account's own sync brought in aside).
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM emails WHERE "userId" = $1 AND metadata ? 'inReplyToEmailId'`, [
          ada.userId,
        ])
      )[0].n,
    ).toBe(0);
  });
});

describe('POST /api/emails/forward', () => {
  it("delivers 'Fwd:' with the forwarded-message block and the original's attachments fetched from the server", async () => {
    const ada = await adaAccount();
    const pdf = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
    const spec = fromGrace({
      subject: 'Engine drawings',
      date: new Date('2030-02-10T16:45:00Z'),
      attachments: [
        { filename: 'drawing.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'agenda.txt', contentType: 'text/plain', content: Buffer.from('1. Gears\n2. Cards\n') },
      ],
    });
    const original = await storeInboxMessage(db, mail, { ...ada, mailUser: 'ada' }, spec);

    const { body } = await ada.agent
      .post('/api/emails/forward')
      .send({ emailId: original.id, to: mail.address('katherine'), content: 'FYI, see the drawings.' })
      .expect(200);
    expect(body).toMatchObject({
      emailSent: true,
      message: EMAIL_MESSAGES.forwardSent,
      email: { subject: 'Fwd: Engine drawings', to: mail.address('katherine'), metadata: { status: 'sent' } },
    });
    expect(body.email.attachments).toEqual([
      { filename: 'drawing.pdf', contentType: 'application/pdf', size: 3000 },
      { filename: 'agenda.txt', contentType: 'text/plain', size: 18 },
    ]);

    const [row] = await db.query(`SELECT "messageId" FROM emails WHERE id = $1`, [body.email.id]);
    const [delivered] = await inbox('katherine', row.messageId);
    expect(delivered.parsed.subject).toBe('Fwd: Engine drawings');
    expect(delivered.parsed.text).toContain(
      'FYI, see the drawings.\n\n---------- Forwarded message ---------\n' +
        `From: Grace Hopper <grace@example.test>\nDate: Sun, 10 Feb 2030 at 16:45 UTC\nSubject: Engine drawings\nTo: Ada Lovelace <ada@example.test>\n\nHi Ada,`,
    );
    expect(delivered.parsed.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['drawing.pdf', 'application/pdf', 3000],
      ['agenda.txt', 'text/plain', 18],
    ]);
    expect(delivered.parsed.attachments[0].content.equals(pdf)).toBe(true);
    expect((await mail.fetchAll('ada', 'Sent')).filter((m) => m.parsed.messageId === row.messageId)).toHaveLength(1);
  });

  it('says in the message which attachments could not be included when the original is not on the server', async () => {
    const ada = await adaAccount();
    const spec = fromGrace({
      subject: 'Fwd: Tapes',
      attachments: [{ filename: 'tape.bin', contentType: 'application/octet-stream', content: Buffer.from('0101') }],
    });
    const original = await storeInboxMessage(db, mail, { ...ada, mailUser: 'ada' }, spec, { onServer: false });

    const { body } = await ada.agent
      .post('/api/emails/forward')
      .send({ emailId: original.id, to: mail.address('katherine'), content: '' })
      .expect(200);
    expect(body).toMatchObject({
      emailSent: true,
      email: {
        subject: 'Fwd: Tapes',
        attachments: [],
        metadata: { status: 'sent', attachmentsNotIncluded: ['tape.bin'] },
      },
    });
    const [row] = await db.query(`SELECT "messageId" FROM emails WHERE id = $1`, [body.email.id]);
    const [delivered] = await inbox('katherine', row.messageId);
    expect(delivered.parsed.text).toMatch(
      /^\[Attachments of the original not included: tape\.bin\]\n\n---------- Forwarded message ---------/,
    );
  });

  it('saves the forward as a draft when delivery fails, and validates the recipient', async () => {
    const ada = await adaAccount();
    const original = await storeInboxMessage(db, mail, { ...ada, mailUser: 'ada' }, fromGrace());
    mail.setFailDelivery(true);
    const { body } = await ada.agent
      .post('/api/emails/forward')
      .send({ emailId: original.id, to: mail.address('katherine'), content: 'FYI' })
      .expect(200);
    expect(body).toMatchObject({
      emailSent: false,
      message: EMAIL_MESSAGES.deliveryFailedDraft,
      email: { subject: expect.stringMatching(/^Fwd: Compiler notes/), metadata: { status: 'draft' } },
    });
    mail.setFailDelivery(false);

    expect(
      (await ada.agent.post('/api/emails/forward').send({ emailId: original.id, to: '  ', content: 'x' }).expect(400))
        .body.message,
    ).toBe(EMAIL_MESSAGES.forwardRecipientRequired);
    expect(
      (await ada.agent.post('/api/emails/forward').send({ emailId: original.id, to: 'not-an-address' }).expect(400))
        .body.message,
    ).toBe(EMAIL_MESSAGES.invalidEmail);
    const other = await adaAccount();
    await other.agent
      .post('/api/emails/forward')
      .send({ emailId: original.id, to: mail.address('katherine') })
      .expect(404, { message: EMAIL_MESSAGES.emailNotFound });
  });
});
