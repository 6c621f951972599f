// Snooze and bulk actions (issue 24) against a real Dovecot (test/mail-servers.ts) and Postgres,
// through the API a client uses. Another mail client is played by the harness (its own IMAP connection).
import type {
  AppNotification,
  Email,
  EmailBulkResult,
  EmailFolders,
  EmailPage,
  EmailStats,
  EmailTab,
  NotificationList,
} from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../../test/factories';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { connectMailbox } from '../../../test/mail-accounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { EmailSyncService } from '../sync/email-sync.service';
import { EmailSnoozeService } from './email-snooze.service';
import { SNOOZED_KEYWORD } from './snooze-keyword';

jest.setTimeout(90_000);

const MAIL_USERS = ['sam', 'tess', 'uma', 'vic'];
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

const connect = (agent: Agent, user: string) => connectMailbox(agent, mail, user, passwordOf(user));

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

describe('bulk Delete and Move to folder', () => {
  const inFolder = async (agent: Agent, folder: string) =>
    subjects(((await agent.get('/api/emails').query({ folder, pageSize: 100 }).expect(200)).body as EmailPage).items);
  const folders = async (agent: Agent) =>
    ((await agent.get('/api/emails/folders').expect(200)).body as EmailFolders).folders;
  const serverHas = (mailbox: string, expected: string[], what: string) =>
    waitFor(async () => JSON.stringify(await serverSubjects('vic', mailbox)) === JSON.stringify([...expected].sort()), {
      timeoutMs: 30_000,
      intervalMs: 100,
      what,
    });
  const bulk = async (agent: Agent, body: object): Promise<EmailBulkResult> =>
    (await agent.post('/api/emails/bulk').send(body).expect(200)).body;

  it('deletes to the Trash and moves to a folder, on the server too; undo and Move to Inbox bring them back; the sync follows both', async () => {
    await mail.createMailbox('vic', 'Projects');
    await mail.appendMessage('vic', message('Filed earlier'), { mailbox: 'Projects' });
    await mail.appendMessage('vic', message('Deleted earlier'), { mailbox: 'Trash', flags: ['\\Seen'] });
    for (let i = 1; i <= 5; i++) await mail.appendMessage('vic', message(`Plan ${i}`));
    const agent = await newUser();
    const integration = await connect(agent, 'vic');

    // The first sync reads the Trash and the user's folders into their own places, not the Inbox.
    expect(subjects(await list(agent))).toEqual(['Plan 5', 'Plan 4', 'Plan 3', 'Plan 2', 'Plan 1']);
    expect(subjects(await list(agent, 'trash'))).toEqual(['Deleted earlier']);
    expect(await inFolder(agent, 'Projects')).toEqual(['Filed earlier']);
    expect(await folders(agent)).toEqual([{ path: 'Projects', name: 'Projects', total: 1, unread: 1 }]);
    const before = await stats(agent);
    expect(before).toMatchObject({ inbox: 5, total: 5 + 1 }); // Trash is not counted

    // Delete three: they leave the Inbox for the Trash tab and the server's Trash.
    const plans = await list(agent);
    const three = plans.slice(0, 3).map((e) => e.id);
    const deleted = await bulk(agent, { selection: { ids: three }, action: { type: 'delete' } });
    expect(deleted.affected).toBe(3);
    expect(subjects(await list(agent))).toEqual(['Plan 2', 'Plan 1']);
    expect(subjects(await list(agent, 'trash')).sort()).toEqual(['Deleted earlier', 'Plan 3', 'Plan 4', 'Plan 5']);
    expect(await stats(agent)).toMatchObject({ inbox: 2, total: 3 });
    await serverHas(
      'Trash',
      ['Deleted earlier', 'Plan 3', 'Plan 4', 'Plan 5'],
      'three messages in the Trash on the server',
    );
    // Deleting again changes nothing (they are in the Trash already).
    expect(await bulk(agent, { selection: { ids: three }, action: { type: 'delete' } })).toEqual({
      affected: 0,
      undoToken: null,
    });

    // Undo: back in the Inbox, here and on the server.
    expect((await agent.post('/api/emails/bulk/undo').send({ undoToken: deleted.undoToken }).expect(200)).body).toEqual(
      { restored: 3 },
    );
    expect(subjects(await list(agent))).toEqual(['Plan 5', 'Plan 4', 'Plan 3', 'Plan 2', 'Plan 1']);
    await serverHas('INBOX', ['Plan 1', 'Plan 2', 'Plan 3', 'Plan 4', 'Plan 5'], 'the three back in the INBOX');

    // Move two into Projects: the folder's list, its counts, and the server's Projects.
    const moved = await bulk(agent, {
      selection: { ids: plans.slice(3).map((e) => e.id) },
      action: { type: 'moveToFolder', folder: 'Projects' },
    });
    expect(moved.affected).toBe(2);
    expect(subjects(await list(agent))).toEqual(['Plan 5', 'Plan 4', 'Plan 3']);
    expect((await inFolder(agent, 'Projects')).sort()).toEqual(['Filed earlier', 'Plan 1', 'Plan 2']);
    expect(await folders(agent)).toEqual([{ path: 'Projects', name: 'Projects', total: 3, unread: 3 }]);
    await serverHas('Projects', ['Filed earlier', 'Plan 1', 'Plan 2'], 'two messages moved to Projects');

    // A full sync now finds everything where the app has it: nothing added, nothing removed.
    expect(await t.app.get(EmailSyncService).syncNow(integration.id)).toMatchObject({
      inserted: 0,
      removed: 0,
      mailboxes: ['INBOX', 'Archive', 'Sent', 'Drafts', 'Trash', 'Projects'],
    });
    expect((await inFolder(agent, 'Projects')).sort()).toEqual(['Filed earlier', 'Plan 1', 'Plan 2']);

    // Another mail client files a message into Projects: the next sync follows it there.
    const [{ uid }] = (await mail.fetchAll('vic', 'INBOX')).filter((m) => m.parsed.subject === 'Plan 3');
    await mail.moveMessage('vic', uid, 'INBOX', 'Projects');
    expect(await t.app.get(EmailSyncService).syncNow(integration.id)).toMatchObject({ inserted: 0, adopted: 1 });
    expect(subjects(await list(agent))).toEqual(['Plan 5', 'Plan 4']);

    // "Select all matching" in the folder → Move to Inbox: the whole folder comes back.
    const back = await bulk(agent, {
      selection: { filter: { tab: 'inbox', folder: 'Projects' } },
      action: { type: 'moveToFolder', folder: 'inbox' },
    });
    expect(back.affected).toBe(4);
    expect(await inFolder(agent, 'Projects')).toEqual([]);
    expect(await list(agent)).toHaveLength(6);
    await serverHas('Projects', [], 'Projects emptied on the server');
  });

  it('refuses a folder the user does not have, never touches another user, and a deleted snoozed message is no longer snoozed', async () => {
    const agent = await newUser();
    const bad = await agent
      .post('/api/emails/bulk')
      .send({ selection: { ids: [1] }, action: { type: 'moveToFolder', folder: 'Nowhere' } })
      .expect(400);
    expect(bad.body.message).toContain('That folder is not one of your mail folders');
    const missing = await agent
      .post('/api/emails/bulk')
      .send({ selection: { ids: [1] }, action: { type: 'moveToFolder', folder: ' ' } })
      .expect(400);
    expect(missing.body.message).toContain('Choose a folder');
    expect(await folders(agent)).toEqual([]);

    await mail.appendMessage('tess', message('Snoozed then deleted'));
    const owner = await newUser();
    await connect(owner, 'tess');
    const [email] = (await list(owner)).filter((e) => e.subject === 'Snoozed then deleted');
    await owner
      .post(`/api/emails/${email.id}/snooze`)
      .send({ until: inMinutes(60) })
      .expect(200);
    // Another user's delete of the id does nothing.
    expect(await bulk(agent, { selection: { ids: [email.id] }, action: { type: 'delete' } })).toEqual({
      affected: 0,
      undoToken: null,
    });
    expect(subjects(await list(owner, 'snoozed'))).toEqual(['Snoozed then deleted']);
    await bulk(owner, { selection: { ids: [email.id] }, action: { type: 'delete' } });
    expect(await list(owner, 'snoozed')).toEqual([]);
    const [trashed] = await list(owner, 'trash');
    expect(trashed).toMatchObject({
      subject: 'Snoozed then deleted',
      isTrashed: true,
      snoozedUntil: null,
      folder: null,
    });
    await waitFor(
      async () => {
        const [moved] = (await mail.fetchAll('tess', 'Trash')).filter(
          (m) => m.parsed.subject === 'Snoozed then deleted',
        );
        return moved !== undefined && !moved.flags.includes(SNOOZED_KEYWORD);
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the message in the Trash without its $Snoozed keyword' },
    );
  });
});
