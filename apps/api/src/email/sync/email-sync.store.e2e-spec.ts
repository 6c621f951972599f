// EmailSyncStore.insertNew threads a batch as it inserts it (each row written once, with its
// threadId and threadSubject), on a migrated database.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { dataSourceOptions } from '../../database/data-source';
import { EmailSyncStore, type NewEmailRow } from './email-sync.store';

let database: TestDatabase;
let dataSource: DataSource;
let store: EmailSyncStore;
let userId: number;
let integrationId: number;
let nextUid = 1;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  store = new EmailSyncStore(dataSource);
  [{ id: userId }] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO users (email) VALUES ('ann@example.test') RETURNING id`,
  );
  [{ id: integrationId }] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO email_integrations ("userId", provider, email, credentials) VALUES ($1, 'imap', 'ann@example.test', 'x') RETURNING id`,
    [userId],
  );
});
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

const row = (subject: string, messageId: string, inReplyTo: string | null = null, uid = nextUid++): NewEmailRow => ({
  mailbox: 'INBOX',
  uidValidity: '1',
  uid,
  userId,
  integrationId,
  messageId,
  inReplyTo,
  references: inReplyTo ? [inReplyTo] : [],
  subject,
  from: 'Bob <bob@example.test>',
  to: 'ann@example.test',
  cc: null,
  body: `About ${subject}`,
  htmlBody: null,
  priority: 'regular',
  category: null,
  isRead: false,
  isArchived: false,
  receivedAt: new Date('2026-11-20T10:00:00Z'),
  attachments: [],
  metadata: {},
  isTrashed: false,
  folder: null,
});

const threads = async () =>
  new Map(
    (
      await dataSource.query<{ messageId: string; threadId: number; threadSubject: string | null; id: number }[]>(
        `SELECT id, "messageId", "threadId", "threadSubject" FROM emails WHERE "integrationId" = $1`,
        [integrationId],
      )
    ).map((r) => [r.messageId, r]),
  );

it('inserts a batch threaded: replies join their parents, stored or new, and an unthreaded stored row joins too', async () => {
  // Stored before: a thread, and a row stored by code that does not thread (threadId null).
  const [{ id: parent }] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO emails ("userId", "integrationId", subject, "messageId", "receivedAt") VALUES ($1, $2, 'Plans', '<plans@x>', now()) RETURNING id`,
    [userId, integrationId],
  );
  await dataSource.query(`UPDATE emails SET "threadId" = id WHERE id = $1`, [parent]);
  const [{ id: loose }] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO emails ("userId", "integrationId", subject, "messageId", "receivedAt") VALUES ($1, $2, 'Lunch', '<lunch@x>', now()) RETURNING id`,
    [userId, integrationId],
  );

  const inserted = await store.insertNew([
    row('Re: Plans', '<re-plans@x>', '<plans@x>'),
    row('Dinner', '<dinner@x>'),
    row('Re: Dinner', '<re-dinner@x>', '<dinner@x>'),
    row('Re: Lunch', '<re-lunch@x>', '<lunch@x>'),
  ]);

  expect(inserted.size).toBe(4);
  const rows = await threads();
  expect(rows.get('<re-plans@x>')!.threadId).toBe(parent);
  const dinner = rows.get('<dinner@x>')!.id;
  expect(rows.get('<dinner@x>')!.threadId).toBe(dinner);
  expect(rows.get('<re-dinner@x>')!.threadId).toBe(dinner);
  expect(rows.get('<re-dinner@x>')!.threadSubject).toBe('dinner');
  // The stored Lunch had no thread: it and its new reply share one, named by the smaller id.
  expect(rows.get('<lunch@x>')!.threadId).toBe(loose);
  expect(rows.get('<re-lunch@x>')!.threadId).toBe(loose);
  expect([...inserted.values()].sort()).toEqual(
    ['<re-plans@x>', '<dinner@x>', '<re-dinner@x>', '<re-lunch@x>'].map((id) => rows.get(id)!.id).sort(),
  );
});

it('threads what went in afresh when the INSERT skipped a row already at its place', async () => {
  // The place of 'Notes' (UID taken) already holds another message: the batch's 'Notes' is skipped.
  const taken = nextUid++;
  await store.insertNew([row('Other', '<other@x>', null, taken)]);
  const inserted = await store.insertNew([
    row('Notes', '<notes@x>', null, taken),
    row('Re: Notes', '<re-notes@x>', '<notes@x>'),
  ]);

  expect(inserted.size).toBe(1);
  const rows = await threads();
  expect(rows.has('<notes@x>')).toBe(false);
  // Its parent never went in: the reply is a thread of its own, not one named after the skipped row's id.
  const reply = rows.get('<re-notes@x>')!;
  expect(reply.threadId).toBe(reply.id);
  expect(reply.threadSubject).toBe('notes');
});
