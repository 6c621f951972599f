// The auto-responder on real servers: new INBOX messages are announced as an EmailArrivedEvent
// as the sync engine does, and the automatic replies are fetched from the senders' Dovecot INBOXes.
import type { EmailAutoResponseKind, EmailIntegration } from '@aide/contracts';
import { EventEmitter2 } from '@nestjs/event-emitter';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../../test/factories';
import { type MessageSpec, newMessageId, storeInboxMessage } from '../../../test/fixtures/mail/incoming';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { EmailEntity } from '../email.entity';
import { EmailIntegrationEntity } from '../email-integration.entity';
import { EMAIL_ARRIVED, EmailArrivedEvent } from '../events/email-arrived.event';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

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

interface Account {
  agent: Agent;
  userId: number;
  integrationId: number;
}

async function adaAccount(autoRespond = true): Promise<Account> {
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
      autoRespond,
    })
    .expect(201);
  // Adding the account starts its first sync in the background. Wait for it to end, as a person waits
  // for Sync's spinner: a sync still running could store a test's message first, with the zone of
  // its Date header (UTC, which moves a proposed "10am") and its list headers in the metadata.
  await waitFor(
    async () => {
      const accounts = (await agent.get('/api/email-integrations').expect(200)).body as EmailIntegration[];
      const account = accounts.find((a) => a.id === integration.body.id);
      return !!account && !account.syncing && (account.lastSyncAt !== null || account.lastSyncError !== null);
    },
    { what: "the new account's first sync" },
  );
  return { agent, userId: user.id, integrationId: integration.body.id };
}

let sequence = 0;
const fromGrace = (overrides: Partial<MessageSpec> = {}): MessageSpec => ({
  from: `Grace Hopper <${mail.address('grace')}>`,
  to: `Ada Lovelace <${mail.address('ada')}>`,
  subject: `Message ${++sequence}`,
  body: 'Hello Ada,\n\nThe tapes arrived.\n\nGrace',
  ...overrides,
});

/** Stores the message as the sync engine would and emits EmailArrivedEvent, as the sync engine does; answers the stored row. */
async function arrive(
  account: Account,
  spec: MessageSpec,
  options: Parameters<typeof storeInboxMessage>[4] = {},
): Promise<EmailEntity> {
  const stored = await storeInboxMessage(db, mail, { ...account, mailUser: 'ada' }, spec, options);
  const row = await db.getRepository(EmailEntity).findOneByOrFail({ id: stored.id });
  await announce(account, [row]);
  return row;
}

async function announce(account: Account, rows: EmailEntity[]): Promise<void> {
  const integration = await db.getRepository(EmailIntegrationEntity).findOneByOrFail({ id: account.integrationId });
  await t.app.get(EventEmitter2).emitAsync(EMAIL_ARRIVED, new EmailArrivedEvent(integration, rows));
}

/** The automatic replies to `messageId` in `user`'s INBOX. */
const repliesTo = async (user: string, messageId: string) =>
  (await mail.fetchAll(user)).filter((m) => m.parsed.inReplyTo === messageId);

/**
 * What the auto-responder recorded on a received row. The zone of the message's Date header
 * (dateOffsetMinutes) is the sync's to add, not the responder's, so it is left out.
 */
const original = async (id: number) =>
  (
    await db.query(`SELECT "isAutoResponded", metadata - 'dateOffsetMinutes' AS metadata FROM emails WHERE id = $1`, [
      id,
    ])
  )[0];

describe('auto-respond', () => {
  it('answers a meeting request once, even when told of it twice, and marks and counts it', async () => {
    const ada = await adaAccount();
    const spec = fromGrace({
      subject: 'Can we schedule a call next week?',
      body: 'Hi Ada,\n\nAre you free on Tuesday for a call about the compiler?\n\nGrace',
    });
    const row = await arrive(ada, spec);
    await announce(ada, [row]);

    const replies = await repliesTo('grace', row.messageId!);
    expect(replies).toHaveLength(1);
    const [reply] = replies;
    expect(reply.parsed.subject).toBe('Re: Can we schedule a call next week?');
    expect(reply.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.parsed.from?.value).toEqual([{ name: 'Ada Lovelace', address: mail.address('ada') }]);
    expect(reply.parsed.text).toMatch(/^Hello Grace,\n\nThank you for your meeting request\./);
    expect(reply.parsed.text).toContain('> Are you free on Tuesday for a call about the compiler?');

    expect(await original(row.id)).toEqual({ isAutoResponded: true, metadata: { autoResponse: 'meeting' } });
    // Stored like a normal sent reply, and filed in ada's Sent mailbox.
    const sentRows = await db.query(
      `SELECT subject, metadata, mailbox FROM emails WHERE "userId" = $1 AND metadata->>'status' = 'sent'`,
      [ada.userId],
    );
    expect(sentRows).toEqual([
      {
        subject: 'Re: Can we schedule a call next week?',
        metadata: { status: 'sent', autoReply: 'meeting', inReplyToEmailId: row.id },
        mailbox: 'Sent',
      },
    ]);
    expect((await mail.fetchAll('ada', 'Sent')).filter((m) => m.parsed.inReplyTo === row.messageId)).toHaveLength(1);

    const { body } = await ada.agent.get('/api/dashboard').expect(200);
    expect(body.modules.email.insights.autoResponses).toEqual({ meetings: 1, inquiries: 0 });
  });

  it('answers an inquiry, and a calendar invitation as a meeting, but a thread only once', async () => {
    const ada = await adaAccount();
    const question = await arrive(
      ada,
      fromGrace({
        subject: 'Pricing',
        body: 'Hello,\n\nI am interested in your analytical engine. Could you send me your pricing?',
      }),
    );
    expect(await original(question.id)).toMatchObject({ isAutoResponded: true, metadata: { autoResponse: 'inquiry' } });
    expect(await repliesTo('grace', question.messageId!)).toHaveLength(1);

    // Grace writes again in the same thread: no second automatic reply, even after a restart.
    const followUp = await arrive(
      ada,
      fromGrace({
        subject: 'Re: Pricing',
        body: 'Also, do you ship to London?',
        inReplyTo: question.messageId!,
        references: [question.messageId!],
        messageId: newMessageId(),
      }),
    );
    expect(await original(followUp.id)).toEqual({ isAutoResponded: false, metadata: {} });
    expect(await repliesTo('grace', followUp.messageId!)).toHaveLength(0);

    const invitation = await arrive(
      ada,
      fromGrace({
        from: `Katherine Johnson <${mail.address('katherine')}>`,
        subject: 'Invitation: Planning',
        body: 'Planning session.',
        calendarRequest: true,
      }),
    );
    expect(await original(invitation.id)).toMatchObject({
      isAutoResponded: true,
      metadata: { autoResponse: 'meeting' },
    });
    expect(await repliesTo('katherine', invitation.messageId!)).toHaveLength(1);

    const { body } = await ada.agent.get('/api/dashboard').expect(200);
    expect(body.modules.email.insights.autoResponses).toEqual({ meetings: 1, inquiries: 1 });
  });

  it('does not answer again when a re-sync stores the answered message anew, and keeps it counted', async () => {
    const ada = await adaAccount();
    const row = await arrive(
      ada,
      fromGrace({ subject: 'Availability?', body: 'Could you tell me when you are free for a call?' }),
    );
    expect(await repliesTo('grace', row.messageId!)).toHaveLength(1);

    // UIDVALIDITY changed: the sync drops the old row and stores the message again.
    await db.query(`DELETE FROM emails WHERE id = $1`, [row.id]);
    const [again] = await db.query(
      `INSERT INTO emails ("userId", "integrationId", mailbox, "uidValidity", uid, "messageId", subject, "from", "to", body, "receivedAt")
       VALUES ($1, $2, 'INBOX', $3, $4, $5, $6, $7, $8, $9, now()) RETURNING id`,
      [ada.userId, ada.integrationId, row.uidValidity, row.uid, row.messageId, row.subject, row.from, row.to, row.body],
    );
    await announce(ada, [await db.getRepository(EmailEntity).findOneByOrFail({ id: again.id })]);

    expect(await repliesTo('grace', row.messageId!)).toHaveLength(1);
    expect(await original(again.id)).toEqual({ isAutoResponded: true, metadata: { autoResponse: 'meeting' } });
    expect((await ada.agent.get('/api/dashboard').expect(200)).body.modules.email.insights.autoResponses).toEqual({
      meetings: 1,
      inquiries: 0,
    });
  });

  it("offers the person's free time: a proposed time taken by an event gets free slots around it (issue 26)", async () => {
    const ada = await adaAccount();
    await ada.agent.patch('/api/profile').send({ timezone: 'Europe/Paris' }).expect(200);
    // A weekday three or more days ahead (Paris), busy from 09:00 to 12:00.
    let day = dayjs().tz('Europe/Paris').add(3, 'day');
    while (day.day() === 0 || day.day() === 6) day = day.add(1, 'day');
    const date = day.format('YYYY-MM-DD');
    await ada.agent
      .post('/api/events')
      .send({
        title: 'Board meeting',
        startTime: dayjs.tz(`${date}T09:00`, 'Europe/Paris').toISOString(),
        endTime: dayjs.tz(`${date}T12:00`, 'Europe/Paris').toISOString(),
      })
      .expect(201);
    const label = day.format('dddd D MMMM');
    const row = await arrive(
      ada,
      fromGrace({
        subject: 'Compiler review',
        body: `Hi Ada,\n\nCould we meet on ${label} at 10am?\n\nGrace`,
        date: new Date(),
      }),
    );

    const [reply] = await repliesTo('grace', row.messageId!);
    const text = reply.parsed.text!.split('\n> ')[0].replace(/\s+/g, ' ');
    expect(text).toContain(
      `Thank you for your meeting request. I am not available on ${label} at 10:00, but I am free`,
    );
    expect(text).toContain(`on ${label} from 12:00 to 17:00`);
    expect(text).toContain('(Europe/Paris time). I will confirm a time with you shortly.');
  });

  it('sends nothing while autoRespond is off', async () => {
    const ada = await adaAccount(false);
    const row = await arrive(ada, fromGrace({ subject: 'Quick question', body: 'Could you send me the notes?' }));
    expect(await repliesTo('grace', row.messageId!)).toHaveLength(0);
    expect(await original(row.id)).toEqual({ isAutoResponded: false, metadata: {} });

    // Switched on later: mail from then on is answered.
    await ada.agent.patch(`/api/email-integrations/${ada.integrationId}`).send({ autoRespond: true }).expect(200);
    const next = await arrive(ada, fromGrace({ subject: 'Another question', body: 'Could you send me the slides?' }));
    expect(await repliesTo('grace', next.messageId!)).toHaveLength(1);
  });

  // Three values each: jest takes a test function of more parameters than a row has for one that wants done().
  it.each<[string, Partial<MessageSpec>, { receivedAt?: Date }]>([
    ['automatic mail (Auto-Submitted)', { headers: { 'Auto-Submitted': 'auto-replied' } }, {}],
    ['a bounce (null Return-Path)', { headers: { 'Return-Path': '<>' } }, {}],
    ['list mail', { headers: { 'List-Id': '<compilers.lists.example>' } }, {}],
    ['bulk mail', { headers: { Precedence: 'bulk' } }, {}],
    ['a no-reply sender', { from: 'Tape Library <no-reply@example.test>' }, {}],
    ['mail from the account itself', { from: 'Ada Lovelace <ada@example.test>' }, {}],
    ['a statement with no question or meeting', { subject: 'Tapes', body: 'The tapes arrived this morning.' }, {}],
    ['old mail met by a first sync', {}, { receivedAt: new Date(Date.now() - 10 * 24 * 3600_000) }],
  ])('does not answer %s', async (_, overrides, options) => {
    const ada = await adaAccount();
    const row = await arrive(
      ada,
      fromGrace({ subject: 'Could we meet?', body: 'Could you send me your availability?', ...overrides }),
      options,
    );
    expect(await original(row.id)).toEqual({ isAutoResponded: false, metadata: {} });
    expect((await mail.fetchAll('grace')).filter((m) => m.parsed.inReplyTo === row.messageId)).toHaveLength(0);
    expect(mail.sent.filter((s) => s.raw.includes(row.messageId!))).toHaveLength(0);
  });

  it('does not answer a thread the user already replied to', async () => {
    const ada = await adaAccount();
    const first = await storeInboxMessage(
      db,
      mail,
      { ...ada, mailUser: 'ada' },
      fromGrace({ subject: 'Lunch', body: 'Fancy lunch?' }),
      {},
    );
    // Not announced: the user answers it by hand before the auto-responder sees the thread.
    const { body } = await ada.agent
      .post('/api/emails/reply')
      .send({ emailId: first.id, content: 'Yes, at noon.' })
      .expect(200);
    const [{ messageId: mine }] = await db.query(`SELECT "messageId" FROM emails WHERE id = $1`, [body.email.id]);

    const answer = await arrive(
      ada,
      fromGrace({
        subject: 'Re: Lunch',
        body: 'Where shall we go?',
        inReplyTo: mine,
        references: [first.messageId, mine],
      }),
    );
    expect(await original(answer.id)).toEqual({ isAutoResponded: false, metadata: {} });
  });

  it('gives the thread back when the reply cannot be sent, and answers it when it can', async () => {
    const ada = await adaAccount();
    const spec = fromGrace({ subject: 'Demo?', body: 'Could you give us a demo on Friday?' });
    const stored = await storeInboxMessage(db, mail, { ...ada, mailUser: 'ada' }, spec);
    const row = await db.getRepository(EmailEntity).findOneByOrFail({ id: stored.id });
    mail.setFailDelivery(true);
    try {
      await announce(ada, [row]);
    } finally {
      mail.setFailDelivery(false);
    }
    expect(await original(row.id)).toEqual({ isAutoResponded: false, metadata: {} });
    // No auto-reply stored, not even as a draft (rows the account's own sync brought in aside).
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM emails WHERE "userId" = $1 AND metadata ? 'inReplyToEmailId'`, [
          ada.userId,
        ])
      )[0].n,
    ).toBe(0);

    await announce(ada, [row]);
    expect((await original(row.id)).metadata.autoResponse as EmailAutoResponseKind).toBe('meeting');
    expect(await repliesTo('grace', row.messageId!)).toHaveLength(1);
  });
});
