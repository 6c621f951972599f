// The IMAP sync against a real Dovecot (test/mail-servers.ts) and a real Postgres, through the API
// a client uses: accounts are connected with POST /api/email-integrations (which queues the first
// sync as a job), mail is read with GET /api/emails, changes made with PATCH /api/emails/:id.
// Another mail client is played by the harness (its own IMAP connection).
import type {
  AppNotification,
  Email,
  EmailIntegration,
  EmailPage,
  EmailSyncStarted,
  EmailTab,
  NotificationList,
} from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { generateMessages, loadMailFixture, MAIL_FIXTURES, type MailFixtureName } from '../../../test/fixtures/mail';
import { type Agent, signUp } from '../../../test/factories';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { connectMailbox } from '../../../test/mail-accounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { CredentialsCipher } from '../../common/crypto/credentials-cipher';
import { EmailSyncService } from './email-sync.service';

jest.setTimeout(60_000);

const MAIL_USERS = ['ann', 'bob', 'cy', 'dee', 'fay', 'gus', 'hal', 'ivy', 'jo', 'kim', 'lu', 'mo'];
const passwordOf = (user: string) => `${user}-mail-secret`;

let mail: MailServers;
let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  mail = await startMailServers({ users: MAIL_USERS.map((name) => ({ name, password: passwordOf(name) })) });
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
  db = t.app.get(DataSource);
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

const newUser = async () => (await signUp(request.agent(t.http))).agent;

const accounts = async (agent: Agent): Promise<EmailIntegration[]> =>
  (await agent.get('/api/email-integrations').expect(200)).body;
const account = async (agent: Agent, id: number): Promise<EmailIntegration> =>
  (await accounts(agent)).find((a) => a.id === id)!;

const connect = (agent: Agent, user: string, overrides: Record<string, unknown> = {}, servers: MailServers = mail) =>
  connectMailbox(agent, servers, user, passwordOf(user), overrides);

const sync = (id: number) => t.app.get(EmailSyncService).syncNow(id);

async function list(agent: Agent, tab: EmailTab = 'inbox'): Promise<Email[]> {
  const page: EmailPage = (await agent.get('/api/emails').query({ tab, pageSize: 100 }).expect(200)).body;
  return page.items;
}
const bySubject = (emails: Email[], subject: string) => emails.filter((e) => e.subject === subject);

const message = (
  subject: string,
  {
    id = `<${subject.replace(/\W+/g, '-')}-${Date.now()}@example.test>`,
    from = 'Grace Hopper <grace@navy.example>',
    body = 'Hello.',
  } = {},
) =>
  Buffer.from(
    `Message-ID: ${id}\r\nDate: Mon, 02 Nov 2026 09:00:00 +0000\r\nFrom: ${from}\r\nTo: someone@example.test\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );

const serverFlags = async (user: string, mailbox: string, subject: string) =>
  (await mail.fetchAll(user, mailbox)).find((m) => m.parsed.subject === subject)?.flags;
const serverSubjects = async (user: string, mailbox: string) =>
  (await mail.fetchAll(user, mailbox)).map((m) => m.parsed.subject);

describe('first sync', () => {
  it('stores every seeded message as a client then sees it: multipart, attachments, other charsets, a malformed one; Sent, Drafts, Archive and Trash in their tabs', async () => {
    const fixtures = Object.keys(MAIL_FIXTURES) as MailFixtureName[];
    const internalDate = new Date('2026-10-30T07:00:00Z');
    for (const name of fixtures) {
      await mail.appendMessage('ann', loadMailFixture(name), {
        flags: name === 'plainText' ? ['\\Seen'] : [],
        date: internalDate,
      });
    }
    await mail.appendMessage('ann', message('Minutes I sent', { from: 'Ann <ann@example.test>' }), {
      mailbox: 'Sent',
      flags: ['\\Seen'],
    });
    await mail.appendMessage('ann', message('Half-written plan', { from: 'Ann <ann@example.test>' }), {
      mailbox: 'Drafts',
      flags: ['\\Seen', '\\Draft'],
    });
    await mail.appendMessage('ann', message('Old quarterly report'), { mailbox: 'Archive', flags: ['\\Seen'] });
    await mail.appendMessage('ann', message('Thrown away'), { mailbox: 'Trash' });

    const agent = await newUser();
    const integration = await connect(agent, 'ann');
    expect(integration).toMatchObject({ isActive: true, lastSyncError: null, lastSyncAt: expect.any(String) });

    const inbox = await list(agent);
    expect(inbox).toHaveLength(fixtures.length);
    for (const name of fixtures) {
      const fixture = MAIL_FIXTURES[name];
      const [email] = bySubject(inbox, fixture.subject);
      expect({ name, found: email !== undefined }).toEqual({ name, found: true });
      expect(email).toMatchObject({
        integrationId: integration.id,
        isArchived: false,
        priority: expect.stringMatching(/^(urgent|important|regular)$/),
        category: expect.any(String),
      });
      expect(email.from).toContain(fixture.from);
      if ('text' in fixture.expect) expect(email.body).toContain(fixture.expect.text);
      if ('html' in fixture.expect) expect(email.htmlBody).toContain(fixture.expect.html);
      expect(email.receivedAt).toBe('date' in fixture ? fixture.date : internalDate.toISOString());
      expect(email.isRead).toBe(name === 'plainText');
    }
    const find = (name: MailFixtureName) => bySubject(inbox, MAIL_FIXTURES[name].subject)[0];
    expect(find('plainText').from).toBe('Grace Hopper <grace@navy.example>');
    expect(find('multipartAlternative').cc).toBe('Dorothy Vaughan <dorothy@nasa.example>');
    expect(find('attachments').attachments).toEqual(MAIL_FIXTURES.attachments.expect.attachments);
    expect(find('iso88591').from).toBe('François Aré <francois@courrier.example.fr>');
    expect(find('plainText').attachments).toEqual([]);
    // The malformed one: what could be read, its arrival time for a date (it has no Date header).
    expect(find('malformed')).toMatchObject({
      from: 'broken-mailer@old.example',
      to: '',
      receivedAt: internalDate.toISOString(),
    });
    // Threading headers are kept for replies (not part of the API's Email).
    const [reply] = await db.query(`SELECT "messageId", "inReplyTo", "references" FROM emails WHERE id = $1`, [
      find('reply').id,
    ]);
    expect(reply).toEqual({
      messageId: MAIL_FIXTURES.reply.messageId,
      inReplyTo: MAIL_FIXTURES.reply.expect.inReplyTo,
      references: MAIL_FIXTURES.reply.expect.references,
    });

    expect((await list(agent, 'sent')).map((e) => [e.subject, e.metadata.status, e.isRead])).toEqual([
      ['Minutes I sent', 'sent', true],
    ]);
    expect((await list(agent, 'drafts')).map((e) => [e.subject, e.metadata.status])).toEqual([
      ['Half-written plan', 'draft'],
    ]);
    expect((await list(agent, 'archived')).map((e) => [e.subject, e.isArchived])).toEqual([
      ['Old quarterly report', true],
    ]);
    // Bulk Delete (issue 24): the Trash is read too, into its own tab (and not counted in the total).
    expect((await list(agent, 'trash')).map((e) => [e.subject, e.isTrashed])).toEqual([['Thrown away', true]]);
    const stats = (await agent.get('/api/emails/stats').expect(200)).body;
    expect(stats.total).toBe(fixtures.length + 3);

    // Idempotent: a second sync adds, moves and removes nothing.
    expect(await sync(integration.id)).toMatchObject({
      inserted: 0,
      adopted: 0,
      removed: 0,
      flagsUpdated: 0,
      pushed: 0,
    });
    expect((await agent.get('/api/emails/stats').expect(200)).body).toEqual(stats);
  });

  it('fetches a large mailbox in batches, each message once', async () => {
    await mail.appendMessages('jo', generateMessages(620, { to: 'jo@example.test', seed: 'jo' }));
    const agent = await newUser();
    const integration = await connect(agent, 'jo');
    const page: EmailPage = (await agent.get('/api/emails').query({ pageSize: 1 }).expect(200)).body;
    expect(page.total).toBe(620);
    const [{ distinct }] = await db.query(
      `SELECT count(DISTINCT "messageId")::int AS distinct FROM emails WHERE "integrationId" = $1`,
      [integration.id],
    );
    expect(distinct).toBe(620);
    expect(await sync(integration.id)).toMatchObject({ inserted: 0 });
  });
});

describe('incremental sync', () => {
  it('adds exactly the new message, follows read state changed in another client, and drops a message deleted there', async () => {
    const first = await mail.appendMessage('bob', message('Standup moved'));
    await mail.appendMessage('bob', message('Lunch on Friday'));
    const agent = await newUser();
    const integration = await connect(agent, 'bob', { autoCategories: false });
    expect((await list(agent)).map((e) => e.subject).sort()).toEqual(['Lunch on Friday', 'Standup moved']);

    await mail.appendMessage('bob', message('Urgent: server down', { body: 'Please look at this immediately.' }));
    expect(await sync(integration.id)).toMatchObject({ inserted: 1, removed: 0 });
    const inbox = await list(agent);
    expect(inbox).toHaveLength(3);
    // Auto-categories off: no category, but a priority.
    expect(bySubject(inbox, 'Urgent: server down')[0]).toMatchObject({
      priority: 'urgent',
      category: null,
      isRead: false,
    });

    await mail.setSeen('bob', first!, true);
    expect(await sync(integration.id)).toMatchObject({ inserted: 0, flagsUpdated: 1 });
    expect(bySubject(await list(agent), 'Standup moved')[0].isRead).toBe(true);
    await mail.setSeen('bob', first!, false);
    await sync(integration.id);
    expect(bySubject(await list(agent), 'Standup moved')[0].isRead).toBe(false);

    await mail.expungeMessage('bob', first!);
    expect(await sync(integration.id)).toMatchObject({ removed: 1 });
    expect((await list(agent)).map((e) => e.subject).sort()).toEqual(['Lunch on Friday', 'Urgent: server down']);
  });

  it('keeps the row of a message archived (and unarchived) in another client, with the priority and category the user set', async () => {
    const uid = await mail.appendMessage('cy', message('Contract draft'));
    const agent = await newUser();
    const integration = await connect(agent, 'cy');
    const [email] = await list(agent);
    await agent.patch(`/api/emails/${email.id}`).send({ priority: 'urgent', category: 'finance' }).expect(200);

    const archivedUid = await mail.moveMessage('cy', uid!, 'INBOX', 'Archive');
    expect(await sync(integration.id)).toMatchObject({ inserted: 0, adopted: 1, removed: 0 });
    expect(await list(agent)).toEqual([]);
    expect(await list(agent, 'archived')).toEqual([
      { ...email, isArchived: true, priority: 'urgent', category: 'finance' },
    ]);

    await mail.moveMessage('cy', archivedUid!, 'Archive', 'INBOX');
    expect(await sync(integration.id)).toMatchObject({ inserted: 0, adopted: 1, removed: 0 });
    expect(await list(agent)).toEqual([{ ...email, priority: 'urgent', category: 'finance' }]);
    expect(await list(agent, 'archived')).toEqual([]);
  });

  it('starts a renumbered mailbox (new UIDVALIDITY) over without duplicates, keeping user corrections', async () => {
    const old = message('Archived invoice', { id: '<renumbered-1@example.test>' });
    await mail.appendMessage('ivy', old, { mailbox: 'Archive', flags: ['\\Seen'] });
    const agent = await newUser();
    const integration = await connect(agent, 'ivy');
    const [archived] = await list(agent, 'archived');
    await agent.patch(`/api/emails/${archived.id}`).send({ category: 'finance' }).expect(200);
    const before = await mail.mailboxStatus('ivy', 'Archive');

    await mail.deleteMailbox('ivy', 'Archive');
    await mail.createMailbox('ivy', 'Archive');
    await mail.appendMessage('ivy', old, { mailbox: 'Archive', flags: ['\\Seen'] });
    await mail.appendMessage('ivy', message('Archived receipt'), { mailbox: 'Archive' });
    expect((await mail.mailboxStatus('ivy', 'Archive')).uidValidity).not.toBe(before.uidValidity);

    expect(await sync(integration.id)).toMatchObject({ inserted: 1, adopted: 1, removed: 0 });
    const after = await list(agent, 'archived');
    expect(after.map((e) => e.subject).sort()).toEqual(['Archived invoice', 'Archived receipt']);
    expect(bySubject(after, 'Archived invoice')[0]).toMatchObject({ id: archived.id, category: 'finance' });
  });
});

describe('changes made in the app reach the server', () => {
  // Three pushes of up to 30 s each after a first sync of up to 30 s: more than the file's 60 s on a loaded machine.
  it('PATCH isRead and isArchived are stored on the server within seconds, and a sync keeps them', async () => {
    await mail.appendMessage('dee', message('Budget review'));
    const agent = await newUser();
    const integration = await connect(agent, 'dee');
    const [email] = await list(agent);
    expect(email.isRead).toBe(false);

    // The push job runs at once, or 5 s later if it finds the account's lock still held (by the first
    // sync as it finishes): on a loaded machine that can take a while, hence the generous deadlines.
    await agent.patch(`/api/emails/${email.id}`).send({ isRead: true }).expect(200);
    await waitFor(async () => (await serverFlags('dee', 'INBOX', 'Budget review'))?.includes('\\Seen'), {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: '\\Seen on the server',
    });

    await agent.patch(`/api/emails/${email.id}`).send({ isArchived: true }).expect(200);
    // Dovecot's MOVE commits the copy into Archive before the expunge from the INBOX (src/imap/cmd-copy.c),
    // so another client can see the message in both for a moment: wait for the whole move.
    await waitFor(
      async () =>
        (await serverSubjects('dee', 'Archive')).includes('Budget review') &&
        (await serverSubjects('dee', 'INBOX')).length === 0,
      {
        timeoutMs: 30_000,
        intervalMs: 100,
        what: 'the message moved from the INBOX to Archive',
      },
    );
    expect(await serverSubjects('dee', 'INBOX')).toEqual([]);
    // Flags travel with the moved message; the row follows it (no duplicate, no removal).
    expect(await serverFlags('dee', 'Archive', 'Budget review')).toContain('\\Seen');
    expect(await sync(integration.id)).toMatchObject({ inserted: 0, adopted: 0, removed: 0 });
    expect(await list(agent, 'archived')).toEqual([{ ...email, isRead: true, isArchived: true }]);

    await agent.patch(`/api/emails/${email.id}`).send({ isArchived: false, isRead: false }).expect(200);
    await waitFor(async () => (await serverSubjects('dee', 'INBOX')).includes('Budget review'), {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: 'the message back in the INBOX',
    });
    expect(await serverFlags('dee', 'INBOX', 'Budget review')).not.toContain('\\Seen');
    expect(await sync(integration.id)).toMatchObject({ inserted: 0, adopted: 0, removed: 0 });
    expect(await list(agent)).toEqual([email]);
  }, 150_000);

  it('pushes changes still pending before it reads the server, so a sync never undoes them', async () => {
    await mail.appendMessage('lu', message('Weekly digest'));
    const agent = await newUser();
    const integration = await connect(agent, 'lu');
    const [email] = await list(agent);
    // As if the quick push had not run yet: the change is only in the row.
    await db.query(`UPDATE emails SET "isRead" = true, "pendingServerChanges" = '{"isRead": true}' WHERE id = $1`, [
      email.id,
    ]);
    expect(await sync(integration.id)).toMatchObject({ pushed: 1, flagsUpdated: 0 });
    expect((await list(agent))[0].isRead).toBe(true);
    expect(await serverFlags('lu', 'INBOX', 'Weekly digest')).toContain('\\Seen');
    const [{ pendingServerChanges }] = await db.query(`SELECT "pendingServerChanges" FROM emails WHERE id = $1`, [
      email.id,
    ]);
    expect(pendingServerChanges).toEqual({});
  });

  it('settles an archive the server could not carry out: the message already archived elsewhere, or already deleted', async () => {
    const movedUid = await mail.appendMessage('mo', message('Moved meanwhile'));
    const deletedUid = await mail.appendMessage('mo', message('Deleted meanwhile'));
    const agent = await newUser();
    const integration = await connect(agent, 'mo');
    const [moved] = bySubject(await list(agent), 'Moved meanwhile');
    const [deleted] = bySubject(await list(agent), 'Deleted meanwhile');
    // Archived in the app while another client archived one and deleted the other, before the push.
    await db.query(
      `UPDATE emails SET "isArchived" = true, "pendingServerChanges" = '{"isArchived": true}' WHERE id = ANY($1)`,
      [[moved.id, deleted.id]],
    );
    await mail.moveMessage('mo', movedUid!, 'INBOX', 'Archive');
    await mail.expungeMessage('mo', deletedUid!);

    expect(await sync(integration.id)).toMatchObject({ inserted: 0, adopted: 1, removed: 1 });
    expect(await list(agent)).toEqual([]);
    expect(await list(agent, 'archived')).toEqual([{ ...moved, isArchived: true }]);
    await sync(integration.id);
    const [{ pendingServerChanges }] = await db.query(`SELECT "pendingServerChanges" FROM emails WHERE id = $1`, [
      moved.id,
    ]);
    expect(pendingServerChanges).toEqual({});
    expect(await serverSubjects('mo', 'Archive')).toEqual(['Moved meanwhile']);
  });

  it('creates the Archive folder on an account that has none', async () => {
    const noArchive = await startMailServers({
      users: [{ name: 'eve', password: passwordOf('eve') }],
      folders: { Sent: '\\Sent', Drafts: '\\Drafts' },
    });
    try {
      await noArchive.appendMessage('eve', message('Keep for later'));
      const agent = await newUser();
      const integration = await connect(agent, 'eve', {}, noArchive);
      const [email] = await list(agent);
      await agent.patch(`/api/emails/${email.id}`).send({ isArchived: true }).expect(200);
      await waitFor(async () => (await noArchive.fetchAll('eve', 'Archive').catch(() => [])).length === 1, {
        timeoutMs: 15_000,
        what: 'a new Archive folder holding the message',
      });
      expect(await sync(integration.id)).toMatchObject({
        mailboxes: ['INBOX', 'Archive', 'Sent', 'Drafts'],
        inserted: 0,
        removed: 0,
      });
      expect(await list(agent, 'archived')).toEqual([{ ...email, isArchived: true }]);
    } finally {
      await noArchive.stop();
    }
  });

  it('adopts a sent reply the app stored when it shows up in the Sent folder, instead of adding it twice', async () => {
    const agent = await newUser();
    const integration = await connect(agent, 'fay');
    const messageId = '<reply-from-aide-1@example.test>';
    // What the sending code stores after SMTP accepted a reply: no server location yet.
    const [{ id }] = await db.query(
      `INSERT INTO emails ("userId", "integrationId", "messageId", subject, "from", "to", body, priority, category, "isRead", "receivedAt", metadata)
       SELECT "userId", id, $2, 'Re: Plans', 'fay@example.test', 'grace@navy.example', 'Sounds good.', 'important', 'work', true, now(), '{"status": "sent"}'
         FROM email_integrations WHERE id = $1 RETURNING id`,
      [integration.id, messageId],
    );
    await mail.appendMessage('fay', message('Re: Plans', { id: messageId, from: 'fay@example.test' }), {
      mailbox: 'Sent',
      flags: ['\\Seen'],
    });
    expect(await sync(integration.id)).toMatchObject({ inserted: 0, adopted: 1 });
    const sent = await list(agent, 'sent');
    expect(sent.map((e) => [e.id, e.subject, e.priority, e.category])).toEqual([
      [id, 'Re: Plans', 'important', 'work'],
    ]);
    const [row] = await db.query(`SELECT mailbox, uid FROM emails WHERE id = $1`, [id]);
    expect(row).toEqual({ mailbox: 'Sent', uid: expect.any(String) });
  });
});

describe('Sync Now and errors', () => {
  it('POST /api/email-integrations/:id/sync answers 202 with syncing: true and syncs; another user and a missing id get 404', async () => {
    const agent = await newUser();
    const integration = await connect(agent, 'hal');
    await mail.appendMessage('hal', message('After connecting'));

    const response = await agent.post(`/api/email-integrations/${integration.id}/sync`).send().expect(202);
    expect(response.body as EmailSyncStarted).toEqual({ ...integration, syncing: true });
    await waitFor(
      async () =>
        (await list(agent)).length === 1 &&
        (await account(agent, integration.id)).lastSyncAt !== integration.lastSyncAt,
      { timeoutMs: 20_000, what: 'the synced message' },
    );

    const other = await newUser();
    const refused = await other.post(`/api/email-integrations/${integration.id}/sync`).send().expect(404);
    expect(refused.body).toEqual({ message: 'Email integration not found' });
    await other
      .post('/api/email-integrations/2147483647/sync')
      .send()
      .expect(404, { message: 'Email integration not found' });
    await other.post('/api/email-integrations/abc/sync').send().expect(400);
    await request(t.http).post(`/api/email-integrations/${integration.id}/sync`).send().expect(401);
  });

  it('a wrong password: the account turns inactive with a clear error and a notification, with no retries; a good sync makes it active again', async () => {
    const agent = await newUser();
    const integration = await connect(agent, 'gus', { password: 'not-the-password' });
    const message = 'The mail server refused the sign-in for gus@example.test: check the password';
    expect(integration).toMatchObject({ isActive: false, lastSyncAt: null, lastSyncError: message });
    const notifications: NotificationList = (await agent.get('/api/notifications').expect(200)).body;
    expect(notifications.items.map((n: AppNotification) => [n.kind, n.title, n.body])).toEqual([
      ['sync_failed', 'Email sync failed', message],
    ]);
    // Ended, not waiting for a retry.
    const jobs = await db.query(`SELECT state FROM pgboss.job WHERE name = 'email.sync' AND singleton_key = $1`, [
      `email-integration:${integration.id}`,
    ]);
    expect(jobs).toEqual([{ state: 'completed' }]);
    // The recurring sync leaves it alone until the user acts.
    await db.query(`UPDATE email_integrations SET "lastSyncAttemptAt" = now() - interval '2 days' WHERE id = $1`, [
      integration.id,
    ]);
    await t.app.get(EmailSyncService).enqueueDue();
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.sync' AND singleton_key = $1`, [
          `email-integration:${integration.id}`,
        ])
      )[0].n,
    ).toBe(1);

    // The user enters the right password (stored encrypted, as connecting does), then Sync Now.
    await db.query(`UPDATE email_integrations SET credentials = $2 WHERE id = $1`, [
      integration.id,
      t.app.get(CredentialsCipher).encrypt({ password: passwordOf('gus') }),
    ]);
    await agent.post(`/api/email-integrations/${integration.id}/sync`).send().expect(202);
    const healed = await waitFor(
      async () => {
        const found = await account(agent, integration.id);
        return found.isActive ? found : undefined;
      },
      { timeoutMs: 20_000, what: 'the account active again' },
    );
    expect(healed).toMatchObject({ isActive: true, lastSyncError: null, lastSyncAt: expect.any(String) });
  });

  it('the recurring job queues the accounts whose sync frequency has passed, and turning sync on queues one', async () => {
    const agent = await newUser();
    const integration = await connect(agent, 'kim');
    await mail.appendMessage('kim', message('Arrived later'));
    await agent.patch(`/api/email-integrations/${integration.id}`).send({ syncEnabled: false }).expect(200);
    await db.query(`UPDATE email_integrations SET "lastSyncAttemptAt" = now() - interval '2 days' WHERE id = $1`, [
      integration.id,
    ]);
    await t.app.get(EmailSyncService).enqueueDue();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await list(agent)).toEqual([]);

    await agent.patch(`/api/email-integrations/${integration.id}`).send({ syncEnabled: true }).expect(200);
    await waitFor(async () => (await list(agent)).length === 1, {
      timeoutMs: 20_000,
      what: 'the sync queued by turning sync on',
    });

    await mail.appendMessage('kim', message('Arrived even later'));
    await db.query(`UPDATE email_integrations SET "lastSyncAttemptAt" = now() - interval '2 days' WHERE id = $1`, [
      integration.id,
    ]);
    await t.app.get(EmailSyncService).enqueueDue();
    await waitFor(async () => (await list(agent)).length === 2, { timeoutMs: 20_000, what: 'the recurring sync' });
  });
});
