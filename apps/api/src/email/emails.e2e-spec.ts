import { EMAIL_MESSAGES, type EmailPage } from '@aide/contracts';
import { EventEmitter2 } from '@nestjs/event-emitter';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, buildEmailIntegration, insertEmails, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  EMAIL_SERVER_CHANGE_PENDING,
  type EmailServerChangePendingEvent,
} from './events/email-server-change-pending.event';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
});
afterAll(() => t.close());

const newUser = async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
};

const page = async (agent: Agent, query: Record<string, string | number> = {}): Promise<EmailPage> =>
  (await agent.get('/api/emails').query(query).expect(200)).body;
const subjects = (p: EmailPage) => p.items.map((e) => e.subject);

describe('GET /api/emails', () => {
  it('pages newest first with a correct total, and is never unbounded', async () => {
    const { agent, id } = await newUser();
    await insertEmails(
      db,
      id,
      Array.from({ length: 250 }, (_, i) => ({
        subject: `Mail ${i}`,
        receivedAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
      })),
    );

    const first = await page(agent);
    expect(first).toMatchObject({ total: 250, page: 1, pageSize: 50 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0].subject).toBe('Mail 249');
    const last = await page(agent, { page: 3, pageSize: 100 });
    expect(last).toMatchObject({ total: 250, page: 3, pageSize: 100 });
    expect(subjects(last)).toEqual(Array.from({ length: 50 }, (_, i) => `Mail ${49 - i}`));
    expect(await page(agent, { page: 9, pageSize: 100 })).toEqual({ items: [], total: 250, page: 9, pageSize: 100 });

    const tooBig = await agent.get('/api/emails').query({ pageSize: 101 }).expect(400);
    expect(tooBig.body).toEqual({
      message: 'Page size must be at most 100',
      errors: [{ path: 'pageSize', message: 'Page size must be at most 100' }],
    });
    await agent.get('/api/emails').query({ page: 0 }).expect(400);
    await agent.get('/api/emails').query({ tab: 'everything' }).expect(400);
  });

  it('answers the Email shape, without sync bookkeeping', async () => {
    const { agent, id } = await newUser();
    const account = (await agent.post('/api/email-integrations').send(buildEmailIntegration()).expect(201)).body;
    await insertEmails(db, id, [
      {
        integrationId: account.id,
        mailbox: 'INBOX',
        uidValidity: 3_000_000_000,
        uid: 42,
        subject: 'Quarterly report',
        from: 'Grace <grace@example.com>',
        cc: 'team@example.com',
        htmlBody: '<p>Numbers</p>',
        category: 'work',
        attachments: [{ filename: 'q1.pdf', contentType: 'application/pdf', size: 1024 }],
        receivedAt: '2030-02-01T09:00:00.000Z',
      },
    ]);
    const [email] = (await page(agent)).items;
    expect(email).toEqual({
      id: expect.any(Number),
      integrationId: account.id,
      subject: 'Quarterly report',
      from: 'Grace <grace@example.com>',
      to: 'me@example.com',
      cc: 'team@example.com',
      body: expect.any(String),
      htmlBody: '<p>Numbers</p>',
      priority: 'regular',
      category: 'work',
      isRead: false,
      isArchived: false,
      isAutoResponded: false,
      receivedAt: '2030-02-01T09:00:00.000Z',
      attachments: [{ filename: 'q1.pdf', contentType: 'application/pdf', size: 1024 }],
      metadata: {},
      // Threads (issue 24): a row stored without threading is a conversation of its own.
      threadId: email.id,
      // Snooze (issue 24): not snoozed.
      snoozedUntil: null,
      // Bulk Delete and Move to folder (issue 24): not deleted, in no folder of the user's.
      isTrashed: false,
      folder: null,
    });
  });

  it('sorts emails into tabs: archived only in Archived, drafts and sent by metadata.status, priority tabs from the Inbox', async () => {
    const { agent, id } = await newUser();
    await insertEmails(db, id, [
      { subject: 'urgent', priority: 'urgent' },
      { subject: 'important', priority: 'important', category: 'work' },
      { subject: 'regular' },
      { subject: 'archived urgent', priority: 'urgent', isArchived: true },
      { subject: 'Re: draft', priority: 'urgent', metadata: { status: 'draft' } },
      { subject: 'Fwd: sent', metadata: { status: 'sent' } },
      { subject: 'archived sent', metadata: { status: 'sent' }, isArchived: true },
    ]);
    const tab = async (name: string) => subjects(await page(agent, { tab: name })).sort();
    expect(await tab('inbox')).toEqual(['important', 'regular', 'urgent']);
    expect(await tab('urgent')).toEqual(['urgent']);
    expect(await tab('important')).toEqual(['important']);
    expect(await tab('regular')).toEqual(['regular']);
    expect(await tab('drafts')).toEqual(['Re: draft']);
    expect(await tab('sent')).toEqual(['Fwd: sent']);
    expect(await tab('archived')).toEqual(['archived sent', 'archived urgent']);

    expect(subjects(await page(agent, { tab: 'archived', priority: 'urgent' }))).toEqual(['archived urgent']);
    expect(subjects(await page(agent, { category: 'work' }))).toEqual(['important']);
  });

  it('searches subject, sender and body by word prefix within the tab', async () => {
    const { agent, id } = await newUser();
    await insertEmails(db, id, [
      { subject: 'Invoice 2030-17', body: 'Please pay' },
      { subject: 'Lunch', from: 'Margaret Hamilton <mh@example.com>' },
      { subject: 'Hello', body: 'The reconciliation is attached' },
      { subject: 'Old invoice', isArchived: true },
    ]);
    expect(subjects(await page(agent, { q: 'invo' }))).toEqual(['Invoice 2030-17']);
    expect(subjects(await page(agent, { q: 'hamil' }))).toEqual(['Lunch']);
    expect(subjects(await page(agent, { q: 'reconcil' }))).toEqual(['Hello']);
    expect(subjects(await page(agent, { tab: 'archived', q: 'invoice' }))).toEqual(['Old invoice']);
    expect((await page(agent, { q: `'); DROP TABLE emails; --` })).total).toBe(0);
    expect((await page(agent, { q: '' })).total).toBe(3);
  });

  it("lists only the signed-in user's emails", async () => {
    const ada = await newUser();
    const bob = await newUser();
    await insertEmails(db, ada.id, [{ subject: "Ada's secret" }]);
    expect((await page(bob.agent, { q: 'secret' })).total).toBe(0);
    expect((await page(bob.agent, { tab: 'inbox' })).total).toBe(0);
  });
});

describe('GET /api/emails/stats', () => {
  it('counts the tiles and the tabs', async () => {
    const { agent, id } = await newUser();
    expect((await agent.get('/api/emails/stats').expect(200)).body).toEqual({
      inbox: 0,
      urgent: 0,
      important: 0,
      regular: 0,
      work: 0,
      unread: 0,
      total: 0,
    });
    await insertEmails(db, id, [
      { priority: 'urgent', category: 'work' },
      { priority: 'urgent', isRead: true },
      { priority: 'important', category: 'work', isRead: true },
      { priority: 'regular' },
      { priority: 'urgent', category: 'work', isArchived: true },
      { priority: 'urgent', metadata: { status: 'draft' } },
      { metadata: { status: 'sent' } },
    ]);
    expect((await agent.get('/api/emails/stats').expect(200)).body).toEqual({
      inbox: 4,
      urgent: 2,
      important: 1,
      regular: 1,
      work: 2,
      unread: 2,
      total: 7,
    });
  });
});

describe('PATCH /api/emails/:id', () => {
  it('sets priority and category (null clears it), archive and read, and answers the email', async () => {
    const { agent, id } = await newUser();
    const [emailId] = await insertEmails(db, id, [{ category: 'personal' }]);
    const triaged = await agent
      .patch(`/api/emails/${emailId}`)
      .send({ priority: 'urgent', category: null })
      .expect(200);
    expect(triaged.body).toMatchObject({
      id: emailId,
      priority: 'urgent',
      category: null,
      isRead: false,
      isArchived: false,
    });
    expect((await agent.patch(`/api/emails/${emailId}`).send({ isRead: true }).expect(200)).body).toMatchObject({
      isRead: true,
      priority: 'urgent',
    });
    expect((await agent.patch(`/api/emails/${emailId}`).send({ isArchived: true }).expect(200)).body.isArchived).toBe(
      true,
    );
    expect(subjects(await page(agent, { tab: 'archived' }))).toHaveLength(1);
    expect((await page(agent)).total).toBe(0);
    expect((await agent.patch(`/api/emails/${emailId}`).send({}).expect(200)).body.id).toBe(emailId);
  });

  it('answers 400 with the contract messages', async () => {
    const { agent, id } = await newUser();
    const [emailId] = await insertEmails(db, id, [{}]);
    expect((await agent.patch(`/api/emails/${emailId}`).send({ priority: 'high' }).expect(400)).body.message).toBe(
      'Priority must be urgent, important or regular',
    );
    await agent.patch(`/api/emails/${emailId}`).send({ subject: 'rewritten' }).expect(400);
    await agent
      .patch('/api/emails/0')
      .send({ isRead: true })
      .expect(400, { message: 'Email id must be a positive whole number' });
  });

  it("answers 404 to another user's email and leaves it alone", async () => {
    const ada = await newUser();
    const bob = await newUser();
    const [emailId] = await insertEmails(db, ada.id, [{}]);
    await bob.agent
      .patch(`/api/emails/${emailId}`)
      .send({ isRead: true })
      .expect(404, { message: EMAIL_MESSAGES.emailNotFound });
    await bob.agent.patch(`/api/emails/${emailId}`).send({}).expect(404, { message: EMAIL_MESSAGES.emailNotFound });
    expect((await page(ada.agent)).items[0].isRead).toBe(false);
  });

  it('records read and archive changes for the mail server, announces them once stored, and queues the push', async () => {
    const { agent, id } = await newUser();
    const other = await newUser();
    const account = (await agent.post('/api/email-integrations').send(buildEmailIntegration()).expect(201)).body;
    const [synced, local] = await insertEmails(db, id, [
      { integrationId: account.id, mailbox: 'INBOX', uidValidity: 9, uid: 77 },
      {},
    ]);
    const told: EmailServerChangePendingEvent[] = [];
    const listener = (change: EmailServerChangePendingEvent) => void told.push(change);
    t.app.get(EventEmitter2).on(EMAIL_SERVER_CHANGE_PENDING, listener);
    const pushJobs = async () =>
      (
        await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.push' AND singleton_key = $1`, [
          `email-push:${account.id}`,
        ])
      )[0].n;

    // A change that is refused (not this user's email) stores nothing and announces nothing.
    await other.agent.patch(`/api/emails/${synced}`).send({ isRead: true }).expect(404);
    expect(told).toEqual([]);
    expect(await pushJobs()).toBe(0);

    await agent.patch(`/api/emails/${synced}`).send({ isRead: true }).expect(200);
    // The sync service's listener queued the push to the server before the PATCH answered.
    expect(await pushJobs()).toBeGreaterThan(0);
    await agent.patch(`/api/emails/${synced}`).send({ isArchived: true, priority: 'important' }).expect(200);
    await agent.patch(`/api/emails/${synced}`).send({ priority: 'urgent' }).expect(200);
    await agent.patch(`/api/emails/${local}`).send({ isRead: true }).expect(200);

    const pending = async (emailId: number) =>
      (await db.query(`SELECT "pendingServerChanges" p FROM emails WHERE id = $1`, [emailId]))[0].p;
    expect(await pending(synced)).toEqual({ isRead: true, isArchived: true });
    expect(await pending(local)).toEqual({});
    t.app.get(EventEmitter2).off(EMAIL_SERVER_CHANGE_PENDING, listener);
    expect(told.map((change) => ({ ...change }))).toEqual([
      {
        userId: id,
        emailId: synced,
        integrationId: account.id,
        mailbox: 'INBOX',
        uidValidity: '9',
        uid: '77',
        changes: { isRead: true },
      },
      {
        userId: id,
        emailId: synced,
        integrationId: account.id,
        mailbox: 'INBOX',
        uidValidity: '9',
        uid: '77',
        changes: { isArchived: true },
      },
    ]);
  });
});

describe('the email module', () => {
  it('answers 401 signed out and 403 while it is switched off', async () => {
    const { agent } = await newUser();
    await request(t.http).get('/api/emails').expect(401);
    await db.query(`UPDATE feature_toggles SET enabled = false WHERE name = 'module.email'`);
    try {
      await agent.get('/api/emails').expect(403);
      await agent.get('/api/emails/stats').expect(403);
      await agent.patch('/api/emails/1').send({ isRead: true }).expect(403);
    } finally {
      await db.query(`UPDATE feature_toggles SET enabled = true WHERE name = 'module.email'`);
    }
  });

  it('feeds the header search', async () => {
    const { agent, id } = await newUser();
    const [emailId] = await insertEmails(db, id, [
      { subject: 'Flight confirmation', body: 'Your flight to Reykjavik departs at 09:00 from gate 12' },
    ]);
    const { body } = await agent.get('/api/search').query({ q: 'reykj' }).expect(200);
    expect(body.results).toContainEqual({
      module: 'email',
      type: 'email',
      id: emailId,
      title: 'Flight confirmation',
      snippet: expect.stringContaining('Reykjavik'),
      link: '/email',
    });
    const other = await newUser();
    expect((await other.agent.get('/api/search').query({ q: 'reykj' }).expect(200)).body.results).toEqual([]);
    // Deleted mail (issue 24) is not found any more.
    await agent
      .post('/api/emails/bulk')
      .send({ selection: { ids: [emailId] }, action: { type: 'delete' } })
      .expect(200);
    expect((await agent.get('/api/search').query({ q: 'reykj' }).expect(200)).body.results).toEqual([]);
  });

  it("feeds the dashboard's email figures from the user's rows", async () => {
    const { agent, id } = await newUser();
    await insertEmails(db, id, [
      { priority: 'urgent' },
      { priority: 'urgent', isRead: true },
      { priority: 'important' },
      { priority: 'regular', isRead: true },
      { priority: 'urgent', isArchived: true },
      { priority: 'urgent', metadata: { status: 'draft' } },
      { isAutoResponded: true, metadata: { autoResponse: 'meeting' } },
      { isAutoResponded: true, metadata: { autoResponse: 'inquiry' }, isRead: true },
      { isAutoResponded: true, metadata: { autoResponse: 'inquiry' }, isArchived: true },
    ]);
    const { body } = await agent.get('/api/dashboard').expect(200);
    expect(body.modules.email).toEqual({
      unread: 3,
      urgentUnread: 1,
      insights: { urgent: 2, important: 1, regular: 3, autoResponses: { meetings: 1, inquiries: 2 } },
    });
  });
});
