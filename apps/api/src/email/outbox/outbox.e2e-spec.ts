// The outbox over real SMTP, IMAP and Postgres: Dovecot holds the mailboxes and the SMTP server
// delivers into them, so what went out is read from the recipients' INBOX. Job workers run with
// fast polling; the undo window is 2 s here (OUTBOX_SETTINGS). "A minute ahead" is driven by
// moving the message's time and its job's start back by a minute (as if the minute had passed),
// then waiting for the arrival.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  type ComposedMessage,
  EMAIL_COMPOSE_MESSAGES,
  EMAIL_MESSAGES,
  OUTBOX_ERRORS,
  type OutgoingEmail,
} from '@aide/contracts';
import { ConsoleLogger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Client } from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../../test/factories';
import { buildMessage, newMessageId, storeInboxMessage } from '../../../test/fixtures/mail/incoming';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createTestWorker, FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { AppModule } from '../../app.module';
import { configureApp } from '../../app.setup';
import { parseEnv } from '../../config/env.schema';
import { OutboxSender } from './outbox-sender.service';
import { DEFAULT_OUTBOX_SETTINGS, OUTBOX_SETTINGS } from './outbox-settings';

jest.setTimeout(90_000);

const UNDO_SECONDS = 2;
/** The same for every app of this file (sessions live in the database and survive a restart). */
const SESSION_SECRET = randomBytes(32).toString('hex');

let mail: MailServers;
let database: TestDatabase;
let api: NestExpressApplication;
let db: DataSource;

async function startApi(env: Record<string, string> = {}): Promise<NestExpressApplication> {
  const parsed = parseEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    SESSION_SECRET,
    DATA_DIR: os.tmpdir(),
    PASSWORD_HASHING: 'fast-for-tests',
    AUTH_REGISTER_RATE_LIMIT: '1000',
    ...LOOPBACK_SERVERS_ENV,
    ...FAST_JOBS_ENV,
    ...env,
    DATABASE_URL: database.url,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(parsed)] })
    .overrideProvider(OUTBOX_SETTINGS)
    .useValue({ ...DEFAULT_OUTBOX_SETTINGS, undoSendSeconds: UNDO_SECONDS })
    .setLogger(new ConsoleLogger('Test', { logLevels: ['error'] }))
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    forceCloseConnections: true,
    logger: ['error'],
  });
  await configureApp(app);
  await app.init();
  return app;
}

beforeAll(async () => {
  mail = await startMailServers({
    users: [
      { name: 'ada', password: 'ada-secret' },
      { name: 'grace', password: 'grace-secret' },
      { name: 'katherine', password: 'k-secret' },
    ],
  });
  database = await createTestDatabase();
  api = await startApi();
  db = api.get<DataSource>(getDataSourceToken());
}, 90_000);

afterAll(async () => {
  await api?.close();
  await database?.drop();
  await mail?.stop();
});

afterEach(() => mail.setFailDelivery(false));

interface Account {
  agent: Agent;
  userId: number;
  integrationId: number;
}

/** A signed-up user with ada's mailbox connected, its first sync done (so nothing it brings in lands mid-test). */
async function adaAccount(): Promise<Account> {
  const { agent, user } = await signUp(request.agent(api.getHttpServer()));
  const { body } = await agent
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
    })
    .expect(201);
  await waitFor(
    async () =>
      (await db.query(`SELECT "lastSyncAt" FROM email_integrations WHERE id = $1`, [body.id]))[0]?.lastSyncAt ??
      undefined,
    { timeoutMs: 30_000, intervalMs: 100, what: 'the first sync' },
  );
  return { agent, userId: user.id, integrationId: body.id };
}

let sequence = 0;
/** A message from ada to grace, with a subject no other test uses. */
function message(account: Account, overrides: Partial<ComposedMessage> & { sendAt?: string | null } = {}) {
  sequence += 1;
  return {
    integrationId: account.integrationId,
    to: [mail.address('grace')],
    subject: `Analytical engine notes ${sequence}-${randomBytes(3).toString('hex')}`,
    html: '<p>Dear Grace,</p><p>The <b>engine</b> runs.</p>',
    text: 'Dear Grace,\n\nThe engine runs.',
    ...overrides,
  };
}

const send = async (account: Account, body: ReturnType<typeof message>) =>
  (await account.agent.post('/api/emails/send').send(body).expect(202)).body as OutgoingEmail;

const inInbox = async (user: string, subject: string) =>
  (await mail.fetchAll(user)).filter((m) => m.parsed.subject === subject);

/** Waits until `subject` is in the user's INBOX, then answers every copy there. */
const arrival = async (user: string, subject: string, timeoutMs = 30_000) => {
  await waitFor(async () => (await inInbox(user, subject)).length > 0, {
    timeoutMs,
    intervalMs: 200,
    what: `"${subject}" to reach ${user}`,
  });
  return inInbox(user, subject);
};

const outgoing = async (id: number) =>
  (
    await db.query<
      {
        status: string;
        error: string | null;
        sentEmailId: number | null;
        messageId: string;
        attempts: number;
        sendAt: Date;
      }[]
    >(`SELECT status, error, "sentEmailId", "messageId", attempts, "sendAt" FROM outgoing_emails WHERE id = $1`, [id])
  )[0];

/** Waits until the message has settled (sent, failed or cancelled), and answers its row. */
const settled = (id: number, timeoutMs = 30_000) =>
  waitFor(
    async () => {
      const row = await outgoing(id);
      return ['sent', 'failed', 'cancelled'].includes(row.status) ? row : undefined;
    },
    { timeoutMs, intervalMs: 100, what: `message ${id} to be sent` },
  );

/** As if `seconds` had passed for the message: its time and its queued send job's start move back. */
async function letTimePass(id: number, seconds: number, on: Pick<DataSource, 'query'> = db): Promise<void> {
  await on.query(
    `UPDATE outgoing_emails SET "sendAt" = "sendAt" - make_interval(secs => $2), "createdAt" = "createdAt" - make_interval(secs => $2) WHERE id = $1`,
    [id, seconds],
  );
  await on.query(
    `UPDATE pgboss.job SET start_after = start_after - make_interval(secs => $2)
      WHERE name = 'email.outbox-send' AND state = 'created' AND (data->'payload'->>'outgoingId')::int = $1`,
    [id, seconds],
  );
}

/**
 * Proof that something did NOT arrive, without sleeping on a guess: a marker message queued after
 * it, through the same outbox, arrives later than it would have.
 */
async function afterAMarker(account: Account): Promise<void> {
  const marker = message(account);
  await send(account, marker);
  await arrival('grace', marker.subject);
}

describe('Send (the undo window)', () => {
  it('queues the message, sends it once after the window, and files the copy in Sent', async () => {
    const ada = await adaAccount();
    const body = message(ada, { cc: [mail.address('katherine')] });
    const started = Date.now();
    const queued = await send(ada, body);
    expect(queued).toMatchObject({
      integrationId: ada.integrationId,
      to: [mail.address('grace')],
      cc: [mail.address('katherine')],
      bcc: [],
      subject: body.subject,
      scheduled: false,
      status: 'waiting',
      error: null,
      sentEmailId: null,
    });
    const due = new Date(queued.sendAt).getTime();
    expect(due).toBeGreaterThanOrEqual(started + UNDO_SECONDS * 1000 - 50);
    expect(due).toBeLessThan(Date.now() + UNDO_SECONDS * 1000 + 1000);
    // Still in the outbox while the window lasts.
    const listed = (await ada.agent.get('/api/emails/outbox').expect(200)).body as OutgoingEmail[];
    expect(listed.map((m) => m.id)).toContain(queued.id);

    const [delivered, ...more] = await arrival('grace', body.subject);
    expect(more).toEqual([]);
    expect(Date.now()).toBeGreaterThanOrEqual(due);
    expect(delivered.parsed.from?.value).toEqual([{ name: 'Ada Lovelace', address: mail.address('ada') }]);
    expect(delivered.parsed.text?.trim()).toBe('Dear Grace,\n\nThe engine runs.');
    expect(delivered.parsed.html).toContain('<p>The <b>engine</b> runs.</p>');
    expect(await inInbox('katherine', body.subject)).toHaveLength(1);

    const row = await settled(queued.id);
    expect(row).toMatchObject({ status: 'sent', error: null, attempts: 1 });
    expect(delivered.parsed.messageId).toBe(row.messageId);
    const [sentRow] = await db.query(`SELECT subject, "to", cc, metadata, "messageId" FROM emails WHERE id = $1`, [
      row.sentEmailId,
    ]);
    expect(sentRow).toMatchObject({
      subject: body.subject,
      to: mail.address('grace'),
      cc: mail.address('katherine'),
      messageId: row.messageId,
      metadata: { status: 'sent', outgoingEmailId: queued.id },
    });
    expect((await mail.fetchAll('ada', 'Sent')).filter((m) => m.parsed.messageId === row.messageId)).toHaveLength(1);
    // Sent: out of the outbox, in the Sent tab.
    const after = (await ada.agent.get('/api/emails/outbox').expect(200)).body as OutgoingEmail[];
    expect(after.map((m) => m.id)).not.toContain(queued.id);
    const sentTab = (await ada.agent.get('/api/emails').query({ tab: 'sent', q: body.subject }).expect(200)).body;
    expect(sentTab.items.map((e: { id: number }) => e.id)).toEqual([row.sentEmailId]);
  });

  it('Undo within the window gives the message back as written, and nothing goes out', async () => {
    const ada = await adaAccount();
    const body = message(ada, { bcc: [mail.address('katherine')] });
    const queued = await send(ada, body);
    const undone = await ada.agent.delete(`/api/emails/outbox/${queued.id}`).expect(200);
    expect(undone.body).toEqual({
      message: {
        integrationId: ada.integrationId,
        to: body.to,
        cc: [],
        bcc: [mail.address('katherine')],
        subject: body.subject,
        html: body.html,
        text: body.text,
        attachments: [],
        inReplyToEmailId: null,
        draftId: null,
      },
    });
    expect(
      ((await ada.agent.get('/api/emails/outbox').expect(200)).body as OutgoingEmail[]).map((m) => m.id),
    ).not.toContain(queued.id);
    // Undone twice: it is no longer in the outbox.
    await ada.agent
      .delete(`/api/emails/outbox/${queued.id}`)
      .expect(404, { message: EMAIL_COMPOSE_MESSAGES.outgoingNotFound });

    await afterAMarker(ada);
    expect(await inInbox('grace', body.subject)).toEqual([]);
    expect(await inInbox('katherine', body.subject)).toEqual([]);
    expect((await outgoing(queued.id)).status).toBe('cancelled');
  });

  it('answers 409 to Undo once the message went out, and keeps Bcc out of the headers', async () => {
    const ada = await adaAccount();
    const body = message(ada, { bcc: [mail.address('katherine')] });
    const queued = await send(ada, body);
    await settled(queued.id);
    await ada.agent
      .delete(`/api/emails/outbox/${queued.id}`)
      .expect(409, { message: EMAIL_COMPOSE_MESSAGES.alreadySent });
    await ada.agent
      .patch(`/api/emails/outbox/${queued.id}`)
      .send({ sendAt: new Date(Date.now() + 60_000).toISOString() })
      .expect(409, { message: EMAIL_COMPOSE_MESSAGES.alreadySent });
    const [copy] = await arrival('katherine', body.subject);
    expect(copy.source.toString('latin1')).not.toMatch(/^bcc:/im);
    expect(await inInbox('grace', body.subject)).toHaveLength(1);
  });

  it('threads a reply under the message it answers and removes the draft it was written in, here and on the server', async () => {
    const ada = await adaAccount();
    const references = [newMessageId('navy.example')];
    const original = await storeInboxMessage(
      db,
      mail,
      { ...ada, mailUser: 'ada' },
      {
        from: `Grace Hopper <${mail.address('grace')}>`,
        to: `Ada Lovelace <${mail.address('ada')}>`,
        subject: 'Compiler notes',
        body: 'Hi Ada',
        references,
        inReplyTo: references[0],
      },
      { onServer: false, category: 'work' },
    );
    const draftRaw = buildMessage({
      from: `Ada Lovelace <${mail.address('ada')}>`,
      to: mail.address('grace'),
      subject: 'Re: Compiler notes',
      body: 'Half written',
    });
    const draftUid = await mail.appendMessage('ada', draftRaw.raw, { mailbox: 'Drafts', flags: ['\\Draft'] });
    const draftsValidity = (await mail.mailboxStatus('ada', 'Drafts')).uidValidity.toString();
    const [{ id: draftId }] = await db.query(
      `INSERT INTO emails ("userId", "integrationId", mailbox, "uidValidity", uid, "messageId", subject, "from", "to", body, "receivedAt", metadata, "isRead")
       VALUES ($1, $2, 'Drafts', $3, $4, $5, 'Re: Compiler notes', $6, $7, 'Half written', now(), '{"status":"draft"}', true) RETURNING id`,
      [
        ada.userId,
        ada.integrationId,
        draftsValidity,
        draftUid,
        draftRaw.messageId,
        mail.address('ada'),
        mail.address('grace'),
      ],
    );

    const body = message(ada, { subject: `Re: Compiler notes ${sequence}`, inReplyToEmailId: original.id, draftId });
    const queued = await send(ada, body);
    const [reply] = await arrival('grace', body.subject);
    expect(reply.parsed.inReplyTo).toBe(original.messageId);
    expect(reply.parsed.references).toEqual([...references, original.messageId]);

    const row = await settled(queued.id);
    expect(row.status).toBe('sent');
    const [sentRow] = await db.query(`SELECT category, metadata FROM emails WHERE id = $1`, [row.sentEmailId]);
    expect(sentRow).toEqual({
      category: 'work',
      metadata: { status: 'sent', outgoingEmailId: queued.id, inReplyToEmailId: original.id },
    });
    await waitFor(async () => (await db.query(`SELECT id FROM emails WHERE id = $1`, [draftId])).length === 0, {
      what: 'the draft row to go',
    });
    expect((await mail.fetchAll('ada', 'Drafts')).filter((m) => m.parsed.messageId === draftRaw.messageId)).toEqual([]);
  });

  it('keeps a message the server refused as failed, with the reason and a notification, and Retry sends it', async () => {
    const ada = await adaAccount();
    const body = message(ada);
    mail.setFailDelivery(true);
    const queued = await send(ada, body);
    const failed = await settled(queued.id);
    mail.setFailDelivery(false);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The mail server refused the message: 554/);
    const listed = (await ada.agent.get('/api/emails/outbox').expect(200)).body as OutgoingEmail[];
    expect(listed.find((m) => m.id === queued.id)).toMatchObject({ status: 'failed', error: failed.error });
    const notes = await db.query(`SELECT title, body, link FROM notifications WHERE "userId" = $1 ORDER BY id`, [
      ada.userId,
    ]);
    expect(notes).toContainEqual({
      title: `Message not sent: ${body.subject}`,
      body: failed.error,
      link: '/email?tab=scheduled',
    });
    // No draft row: the outbox keeps the message itself.
    expect(
      await db.query(`SELECT id FROM emails WHERE "userId" = $1 AND subject = $2`, [ada.userId, body.subject]),
    ).toEqual([]);

    const retried = (
      await ada.agent
        .patch(`/api/emails/outbox/${queued.id}`)
        .send({ sendAt: new Date(Date.now() + 1000).toISOString() })
        .expect(200)
    ).body as OutgoingEmail;
    expect(retried).toMatchObject({ status: 'waiting', error: null, scheduled: true });
    expect(await arrival('grace', body.subject)).toHaveLength(1);
    expect(await settled(queued.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('Scheduled send', () => {
  it('sends a message scheduled a minute ahead once, at its time, and not before', async () => {
    const ada = await adaAccount();
    const at = new Date(Date.now() + 60_000);
    const body = { ...message(ada), sendAt: at.toISOString() };
    const queued = await send(ada, body);
    expect(queued).toMatchObject({ scheduled: true, status: 'waiting', sendAt: at.toISOString() });

    // Well past the undo window nothing has gone out: a marker sent after it arrives alone.
    await afterAMarker(ada);
    expect(await inInbox('grace', body.subject)).toEqual([]);
    expect((await outgoing(queued.id)).status).toBe('waiting');

    await letTimePass(queued.id, 60);
    expect(await arrival('grace', body.subject)).toHaveLength(1);
    expect(await settled(queued.id)).toMatchObject({ status: 'sent', attempts: 1 });
    // The minute's sweep, run now, finds nothing more to send.
    expect(await api.get(OutboxSender).sweep(0)).toEqual({ sent: 0, recovered: 0 });
    expect(await inInbox('grace', body.subject)).toHaveLength(1);
  });

  it('lists waiting messages soonest first, and Reschedule moves one', async () => {
    const ada = await adaAccount();
    const later = await send(ada, { ...message(ada), sendAt: new Date(Date.now() + 3 * 3600_000).toISOString() });
    const sooner = await send(ada, { ...message(ada), sendAt: new Date(Date.now() + 3600_000).toISOString() });
    const other = await adaAccount();
    await send(other, { ...message(other), sendAt: new Date(Date.now() + 1800_000).toISOString() });

    const listed = (await ada.agent.get('/api/emails/outbox').expect(200)).body as OutgoingEmail[];
    expect(listed.map((m) => m.id)).toEqual([sooner.id, later.id]);

    const newTime = new Date(Date.now() + 2 * 86_400_000);
    const moved = (
      await ada.agent.patch(`/api/emails/outbox/${sooner.id}`).send({ sendAt: newTime.toISOString() }).expect(200)
    ).body as OutgoingEmail;
    expect(moved).toMatchObject({ id: sooner.id, sendAt: newTime.toISOString(), status: 'waiting', scheduled: true });
    const relisted = (await ada.agent.get('/api/emails/outbox').expect(200)).body as OutgoingEmail[];
    expect(relisted.map((m) => m.id)).toEqual([later.id, sooner.id]);
    // Cancelling a scheduled message gives it back too.
    const cancelled = await ada.agent.delete(`/api/emails/outbox/${later.id}`).expect(200);
    expect(cancelled.body.message.subject).toBe(later.subject);
  });

  it('sends once when the job, a second worker process, direct claims and the sweep all reach for the same messages', async () => {
    // A worker-only process on the same database: its workers take send jobs as well.
    const worker = await createTestWorker({ databaseUrl: database.url, env: { ...LOOPBACK_SERVERS_ENV } });
    const ada = await adaAccount();
    const bodies = [1, 2, 3].map(() => ({ ...message(ada), sendAt: new Date(Date.now() + 60_000).toISOString() }));
    const queued = await Promise.all(bodies.map((b) => send(ada, b)));
    // Due now for the claims below; their jobs come due too and race them.
    for (const { id } of queued) await letTimePass(id, 60);
    const sender = api.get(OutboxSender);
    const outcomes = await Promise.all([
      ...queued.flatMap(({ id }) => [sender.sendOne(id), sender.sendOne(id)]),
      sender.sweep(0),
      sender.sweep(0),
    ]);
    const claimedByCalls =
      outcomes.filter((o) => o === true).length +
      outcomes.reduce((n, o) => n + (typeof o === 'object' ? o.sent : 0), 0);
    expect(claimedByCalls).toBeLessThanOrEqual(3);

    for (const body of bodies) expect(await arrival('grace', body.subject)).toHaveLength(1);
    for (const { id } of queued) expect(await settled(id)).toMatchObject({ status: 'sent', attempts: 1 });
    // Every send job has run (and found nothing left to do): still one copy each.
    await waitFor(
      async () =>
        (
          await db.query(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.outbox-send' AND state <> 'completed'
              AND (data->'payload'->>'outgoingId')::int = ANY($1::int[])`,
            [queued.map((q) => q.id)],
          )
        )[0].n === 0,
      { what: 'the send jobs to finish' },
    );
    for (const body of bodies) expect(await inInbox('grace', body.subject)).toHaveLength(1);
    await worker.close();
  });

  it('sends a message whose job was lost through the sweep', async () => {
    const ada = await adaAccount();
    const body = { ...message(ada), sendAt: new Date(Date.now() + 60_000).toISOString() };
    const queued = await send(ada, body);
    await db.query(
      `DELETE FROM pgboss.job WHERE name = 'email.outbox-send' AND (data->'payload'->>'outgoingId')::int = $1`,
      [queued.id],
    );
    await letTimePass(queued.id, 60);
    expect(await api.get(OutboxSender).sweep(0)).toEqual({ sent: 1, recovered: 0 });
    expect(await arrival('grace', body.subject)).toHaveLength(1);
  });
});

describe('a send that died mid-way', () => {
  /** A message as a crashed worker leaves it: claimed ('sending') ten minutes ago. */
  async function stuckSending(account: Account, body: ReturnType<typeof message>) {
    const queued = await send(account, { ...body, sendAt: new Date(Date.now() + 3600_000).toISOString() });
    await db.query(
      `UPDATE outgoing_emails SET status = 'sending', attempts = 1, "claimedAt" = now() - interval '10 minutes' WHERE id = $1`,
      [queued.id],
    );
    return { ...queued, messageId: (await outgoing(queued.id)).messageId };
  }

  it('is marked sent, not sent again, when its Message-ID is in the Sent folder', async () => {
    const ada = await adaAccount();
    const body = message(ada);
    const stuck = await stuckSending(ada, body);
    const { raw } = buildMessage({
      from: mail.address('ada'),
      to: mail.address('grace'),
      subject: body.subject,
      body: 'sent before the crash',
      messageId: stuck.messageId,
    });
    await mail.appendMessage('ada', raw, { mailbox: 'Sent', flags: ['\\Seen'] });

    expect(await api.get(OutboxSender).recoverStale(60_000)).toBe(1);
    expect(await outgoing(stuck.id)).toMatchObject({ status: 'sent', error: null });
    await afterAMarker(ada);
    expect(await inInbox('grace', body.subject)).toEqual([]);
  });

  it('fails with a readable reason, and is not resent, when it is nowhere to be found', async () => {
    const ada = await adaAccount();
    const body = message(ada);
    const stuck = await stuckSending(ada, body);
    expect(await api.get(OutboxSender).recoverStale(60_000)).toBe(1);
    expect(await outgoing(stuck.id)).toMatchObject({ status: 'failed', error: OUTBOX_ERRORS.interrupted });
    const notes = await db.query(`SELECT title FROM notifications WHERE "userId" = $1`, [ada.userId]);
    expect(notes).toContainEqual({ title: `Message not sent: ${body.subject}` });
    await afterAMarker(ada);
    expect(await inInbox('grace', body.subject)).toEqual([]);
  });
});

describe('validation and ownership', () => {
  it('answers 400 for no recipient, a past or too distant time, and an account that is not the user’s or not active', async () => {
    const ada = await adaAccount();
    const other = await adaAccount();
    const expect400 = async (body: object, messageText: string) =>
      expect((await ada.agent.post('/api/emails/send').send(body).expect(400)).body.message).toBe(messageText);

    await expect400({ ...message(ada), to: [] }, EMAIL_COMPOSE_MESSAGES.recipientRequired);
    await expect400({ ...message(ada), to: ['not an address'] }, EMAIL_COMPOSE_MESSAGES.invalidRecipient);
    await expect400(
      { ...message(ada), sendAt: new Date(Date.now() - 60_000).toISOString() },
      EMAIL_COMPOSE_MESSAGES.sendAtInPast,
    );
    await expect400(
      { ...message(ada), sendAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
      EMAIL_COMPOSE_MESSAGES.sendAtTooFar,
    );
    await expect400({ ...message(ada), sendAt: 'tomorrow' }, 'Send time must be a date and time');
    await expect400({ ...message(ada), integrationId: other.integrationId }, 'Choose the account to send from');
    await db.query(`UPDATE email_integrations SET "isActive" = false WHERE id = $1`, [ada.integrationId]);
    await expect400(message(ada), 'Choose the account to send from');
    await db.query(`UPDATE email_integrations SET "isActive" = true WHERE id = $1`, [ada.integrationId]);

    // A message answered or a draft of another user's is not found.
    const [othersEmail] = await db.query(
      `INSERT INTO emails ("userId", subject, "receivedAt") VALUES ($1, 'theirs', now()) RETURNING id`,
      [other.userId],
    );
    await ada.agent
      .post('/api/emails/send')
      .send({ ...message(ada), inReplyToEmailId: othersEmail.id })
      .expect(404, { message: EMAIL_MESSAGES.emailNotFound });
    await ada.agent
      .post('/api/emails/send')
      .send({ ...message(ada), draftId: othersEmail.id })
      .expect(404, { message: EMAIL_MESSAGES.emailNotFound });
    expect(((await ada.agent.get('/api/emails/outbox').expect(200)).body as OutgoingEmail[]).length).toBe(0);
  });

  it("answers 404 for another user's message, 400 for a bad id or time, and 409 once it is being sent", async () => {
    const ada = await adaAccount();
    const other = await adaAccount();
    const queued = await send(ada, { ...message(ada), sendAt: new Date(Date.now() + 3600_000).toISOString() });
    const later = new Date(Date.now() + 7200_000).toISOString();

    await other.agent
      .delete(`/api/emails/outbox/${queued.id}`)
      .expect(404, { message: EMAIL_COMPOSE_MESSAGES.outgoingNotFound });
    await other.agent
      .patch(`/api/emails/outbox/${queued.id}`)
      .send({ sendAt: later })
      .expect(404, { message: EMAIL_COMPOSE_MESSAGES.outgoingNotFound });
    expect(((await other.agent.get('/api/emails/outbox').expect(200)).body as OutgoingEmail[]).length).toBe(0);
    await ada.agent
      .delete('/api/emails/outbox/999999999')
      .expect(404, { message: EMAIL_COMPOSE_MESSAGES.outgoingNotFound });
    await ada.agent
      .delete('/api/emails/outbox/abc')
      .expect(400, { message: 'Message id must be a positive whole number' });
    await ada.agent
      .patch(`/api/emails/outbox/${queued.id}`)
      .send({ sendAt: new Date(Date.now() - 1000).toISOString() })
      .expect(400, { message: EMAIL_COMPOSE_MESSAGES.sendAtInPast });

    // Claimed by a worker: too late to undo or move.
    await db.query(`UPDATE outgoing_emails SET status = 'sending', "claimedAt" = now() WHERE id = $1`, [queued.id]);
    await ada.agent
      .delete(`/api/emails/outbox/${queued.id}`)
      .expect(409, { message: EMAIL_COMPOSE_MESSAGES.alreadySent });
    await ada.agent
      .patch(`/api/emails/outbox/${queued.id}`)
      .send({ sendAt: later })
      .expect(409, { message: EMAIL_COMPOSE_MESSAGES.alreadySent });
    await db.query(`UPDATE outgoing_emails SET status = 'cancelled' WHERE id = $1`, [queued.id]);
  });
});

describe('a restart', () => {
  it('still sends a message queued before it, once, from the new instance', async () => {
    const ada = await adaAccount();
    const body = { ...message(ada), sendAt: new Date(Date.now() + 60_000).toISOString() };
    const queued = await send(ada, body);
    await api.close();

    // While no app runs: a connection of the test's own.
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await letTimePass(queued.id, 60, client);
    } finally {
      await client.end();
    }
    api = await startApi();
    db = api.get<DataSource>(getDataSourceToken());
    expect(await arrival('grace', body.subject)).toHaveLength(1);
    expect(await settled(queued.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
