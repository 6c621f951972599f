// Snooze and bulk actions (issue 24) against a real Dovecot (test/mail-servers.ts) and Postgres,
// through the API a client uses. Another mail client is played by the harness (its own IMAP connection).
import type {
  AppNotification,
  Email,
  EmailBulkResult,
  EmailIntegration,
  EmailPage,
  EmailStats,
  EmailTab,
  NotificationList,
} from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../../test/factories';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { EmailSnoozeService } from './email-snooze.service';
import { SNOOZED_KEYWORD } from './snooze-keyword';

jest.setTimeout(90_000);

const MAIL_USERS = ['sam', 'tess', 'uma'];
const passwordOf = (user: string) => `${user}-mail-secret`;

let mail: MailServers;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailServers({ users: MAIL_USERS.map((name) => ({ name, password: passwordOf(name) })) });
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

const newUser = async () => (await signUp(request.agent(t.http))).agent;

async function connect(agent: Agent, user: string): Promise<EmailIntegration> {
  const created = await agent
    .post('/api/email-integrations')
    .send({
      provider: 'imap',
      email: `${user}@example.test`,
      password: passwordOf(user),
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
      syncFrequency: 86_400,
    })
    .expect(201);
  const id = (created.body as EmailIntegration).id;
  return waitFor(
    async () => {
      const found = ((await agent.get('/api/email-integrations').expect(200)).body as EmailIntegration[]).find(
        (a) => a.id === id,
      )!;
      return found.lastSyncAt !== null || found.lastSyncError !== null ? found : undefined;
    },
    { timeoutMs: 30_000, what: `the first sync of ${user}` },
  );
}

async function list(agent: Agent, tab: EmailTab = 'inbox'): Promise<Email[]> {
  const page: EmailPage = (await agent.get('/api/emails').query({ tab, pageSize: 100 }).expect(200)).body;
  return page.items;
}
const subjects = (emails: Email[]) => emails.map((e) => e.subject);
const stats = async (agent: Agent): Promise<EmailStats> => (await agent.get('/api/emails/stats').expect(200)).body;

const message = (subject: string, date = 'Mon, 02 Nov 2026 09:00:00 +0000') =>
  Buffer.from(
    `Message-ID: <${subject.replace(/\W+/g, '-')}-${Date.now()}@example.test>\r\nDate: ${date}\r\nFrom: Grace Hopper <grace@navy.example>\r\nTo: someone@example.test\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHello.\r\n`,
  );

const serverFlags = async (user: string, mailbox: string, subject: string) =>
  (await mail.fetchAll(user, mailbox)).find((m) => m.parsed.subject === subject)?.flags;
const serverSubjects = async (user: string, mailbox: string) =>
  (await mail.fetchAll(user, mailbox)).map((m) => m.parsed.subject).sort();

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('snooze', () => {
  it('hides a message from the Inbox and its counts; on waking it is back on top, unread, with a notification, and the keyword is gone from the server', async () => {
    await mail.appendMessage('sam', message('Oldest, snoozed', 'Mon, 02 Nov 2026 08:00:00 +0000'), {
      flags: ['\\Seen'],
    });
    await mail.appendMessage('sam', message('Newest', 'Mon, 02 Nov 2026 10:00:00 +0000'));
    const agent = await newUser();
    await connect(agent, 'sam');
    expect(subjects(await list(agent))).toEqual(['Newest', 'Oldest, snoozed']);
    const before = await stats(agent);
    const [, snoozed] = await list(agent);
    expect(snoozed.isRead).toBe(true);

    const until = inMinutes(60);
    const answered: Email = (await agent.post(`/api/emails/${snoozed.id}/snooze`).send({ until }).expect(200)).body;
    expect(answered.snoozedUntil).toBe(until);
    expect(subjects(await list(agent))).toEqual(['Newest']);
    expect(subjects(await list(agent, 'snoozed'))).toEqual(['Oldest, snoozed']);
    expect(await stats(agent)).toMatchObject({ inbox: before.inbox - 1, regular: before.regular - 1 });
    await waitFor(async () => (await serverFlags('sam', 'INBOX', 'Oldest, snoozed'))?.includes(SNOOZED_KEYWORD), {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: 'the $Snoozed keyword on the server',
    });

    // The time comes (the sweep is asked for a moment past it, as its timer would).
    expect(await t.app.get(EmailSnoozeService).sweep(new Date(Date.parse(until) + 1000))).toBe(1);
    expect(await t.app.get(EmailSnoozeService).sweep(new Date(Date.parse(until) + 2000))).toBe(0); // exactly once
    const inbox = await list(agent);
    expect(subjects(inbox)).toEqual(['Oldest, snoozed', 'Newest']);
    expect(inbox[0]).toMatchObject({ isRead: false, snoozedUntil: null });
    expect(await list(agent, 'snoozed')).toEqual([]);
    expect(await stats(agent)).toEqual({ ...before, unread: before.unread + 1 });
    const bell: NotificationList = (await agent.get('/api/notifications').expect(200)).body;
    expect(bell.items.map((n: AppNotification) => n.title)).toContain('Snoozed email is back: Oldest, snoozed');
    await waitFor(
      async () => {
        const flags = await serverFlags('sam', 'INBOX', 'Oldest, snoozed');
        return flags && !flags.includes(SNOOZED_KEYWORD) && !flags.includes('\\Seen');
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the keyword and \\Seen cleared on the server' },
    );
  });

  it('unsnooze brings it back now; a past time, a bad id and another user answer 400 and 404', async () => {
    await mail.appendMessage('tess', message('Plan'));
    const agent = await newUser();
    await connect(agent, 'tess');
    const [email] = await list(agent);
    await agent
      .post(`/api/emails/${email.id}/snooze`)
      .send({ until: inMinutes(30) })
      .expect(200);
    expect(await list(agent)).toEqual([]);
    const back: Email = (await agent.delete(`/api/emails/${email.id}/snooze`).expect(200)).body;
    expect(back.snoozedUntil).toBeNull();
    expect(subjects(await list(agent))).toEqual(['Plan']);

    const past = await agent
      .post(`/api/emails/${email.id}/snooze`)
      .send({ until: inMinutes(-1) })
      .expect(400);
    expect(past.body.message).toContain('Snooze time must be in the future');
    await agent.post(`/api/emails/${email.id}/snooze`).send({ until: 'tomorrow' }).expect(400);
    await agent.post(`/api/emails/${email.id}/snooze`).send({}).expect(400);
    await agent
      .post(`/api/emails/abc/snooze`)
      .send({ until: inMinutes(5) })
      .expect(400);
    const stranger = await newUser();
    await stranger
      .post(`/api/emails/${email.id}/snooze`)
      .send({ until: inMinutes(5) })
      .expect(404);
    await stranger.delete(`/api/emails/${email.id}/snooze`).expect(404);
    expect((await list(agent))[0].snoozedUntil).toBeNull();
  });
});

describe('bulk actions', () => {
  it('archive by ids and by filter, read, priority; undo puts everything back, also on the server; another user is untouched', async () => {
    for (let i = 1; i <= 12; i++) await mail.appendMessage('uma', message(`Note ${String(i).padStart(2, '0')}`));
    const agent = await newUser();
    await connect(agent, 'uma');
    const all = await list(agent);
    expect(all).toHaveLength(12);
    const stranger = await newUser();

    // Mark read by ids: the server gets \Seen.
    const firstThree = all.slice(0, 3).map((e) => e.id);
    const read: EmailBulkResult = (
      await agent
        .post('/api/emails/bulk')
        .send({ selection: { ids: firstThree }, action: { type: 'markRead' } })
        .expect(200)
    ).body;
    expect(read.affected).toBe(3);
    expect((await list(agent)).filter((e) => e.isRead)).toHaveLength(3);
    await waitFor(
      async () => (await mail.fetchAll('uma', 'INBOX')).filter((m) => m.flags.includes('\\Seen')).length === 3,
      { timeoutMs: 30_000, intervalMs: 100, what: '\\Seen on three messages' },
    );
    await agent.post('/api/emails/bulk/undo').send({ undoToken: read.undoToken }).expect(200);
    expect((await list(agent)).filter((e) => e.isRead)).toHaveLength(0);
    // A token is spent once.
    await agent.post('/api/emails/bulk/undo').send({ undoToken: read.undoToken }).expect(404);

    // Archive every Inbox message matching a search, by filter (no ids sent).
    const archived: EmailBulkResult = (
      await agent
        .post('/api/emails/bulk')
        .send({ selection: { filter: { tab: 'inbox', q: 'Note' } }, action: { type: 'archive' } })
        .expect(200)
    ).body;
    expect(archived.affected).toBe(12);
    expect(await list(agent)).toEqual([]);
    expect(await list(agent, 'archived')).toHaveLength(12);
    await waitFor(
      async () =>
        (await serverSubjects('uma', 'Archive')).length === 12 && (await serverSubjects('uma', 'INBOX')).length === 0,
      {
        timeoutMs: 30_000,
        intervalMs: 100,
        what: 'twelve messages moved to Archive on the server',
      },
    );

    // Another user's undo token and ids do nothing.
    await stranger.post('/api/emails/bulk/undo').send({ undoToken: archived.undoToken }).expect(404);
    const strangers: EmailBulkResult = (
      await stranger
        .post('/api/emails/bulk')
        .send({ selection: { ids: firstThree }, action: { type: 'markRead' } })
        .expect(200)
    ).body;
    expect(strangers).toEqual({ affected: 0, undoToken: null });

    const undone = (await agent.post('/api/emails/bulk/undo').send({ undoToken: archived.undoToken }).expect(200)).body;
    expect(undone).toEqual({ restored: 12 });
    expect(await list(agent)).toHaveLength(12);
    await waitFor(async () => (await serverSubjects('uma', 'INBOX')).length === 12, {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: 'the twelve back in the INBOX on the server',
    });

    // Priority by filter within a tab: only the Inbox's regular ones.
    const urgent: EmailBulkResult = (
      await agent
        .post('/api/emails/bulk')
        .send({ selection: { filter: { tab: 'regular' } }, action: { type: 'setPriority', priority: 'urgent' } })
        .expect(200)
    ).body;
    expect(urgent.affected).toBe(12);
    expect(await stats(agent)).toMatchObject({ urgent: 12, regular: 0 });
    await agent.post('/api/emails/bulk/undo').send({ undoToken: urgent.undoToken }).expect(200);
    expect(await stats(agent)).toMatchObject({ urgent: 0, regular: 12 });
  });

  it('answers 400 for a bad selection or action', async () => {
    const agent = await newUser();
    const bad = [
      { selection: { ids: [] }, action: { type: 'archive' } },
      { selection: {}, action: { type: 'archive' } },
      { selection: { ids: [1] }, action: { type: 'explode' } },
      { selection: { ids: [1] }, action: { type: 'setPriority', priority: 'huge' } },
      { selection: { filter: { tab: 'nowhere' } }, action: { type: 'archive' } },
      { selection: { ids: [1] }, action: { type: 'snooze', until: inMinutes(-5) } },
    ];
    for (const body of bad) await agent.post('/api/emails/bulk').send(body).expect(400);
    const empty = await agent
      .post('/api/emails/bulk')
      .send({ selection: { ids: [] }, action: { type: 'archive' } })
      .expect(400);
    expect(empty.body.message).toContain('Select at least one email');
    await agent.post('/api/emails/bulk/undo').send({ undoToken: 'nope' }).expect(400);
    await request(t.http)
      .post('/api/emails/bulk')
      .send({ selection: { ids: [1] }, action: { type: 'archive' } })
      .expect(401);
  });
});
