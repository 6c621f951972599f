// The migration AddEmailThreads on a database that already has mail: existing rows are put into
// conversations by their Message-ID keys, each user apart.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { dataSourceOptions, MIGRATIONS } from '../../database/data-source';
import { AddEmailThreads1795400400000 } from '../../migrations/1795400400000-add-email-threads';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  dataSource = await new DataSource({
    ...dataSourceOptions(database.url),
    migrations: MIGRATIONS.filter((migration) => migration !== AddEmailThreads1795400400000),
    migrationsRun: true,
  }).initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

it('threads the rows already stored: chains, a late parent, and nothing across users', async () => {
  const [ann, bob] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO users (email) VALUES ('ann@example.test'), ('bob@example.test') RETURNING id`,
  );
  const insert = async (
    userId: number,
    subject: string,
    messageId: string,
    inReplyTo: string | null,
    references: string[],
  ) =>
    (
      await dataSource.query<{ id: number }[]>(
        `INSERT INTO emails ("userId", subject, "messageId", "inReplyTo", "references", "receivedAt") VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
        [userId, subject, messageId, inReplyTo, references],
      )
    )[0].id;
  // c answers b, which answers a: stored c first, then a, then b (the link between them).
  const c = await insert(ann.id, 'Re: Re: Plans', '<c@x>', '<b@x>', ['<b@x>']);
  const a = await insert(ann.id, 'Plans', '<a@x>', null, []);
  const b = await insert(ann.id, 'Re: Plans', '<b@x>', '<a@x>', ['<a@x>']);
  const alone = await insert(ann.id, 'Lunch', '<l@x>', null, []);
  // Bob has a copy of <a@x> too: his own thread.
  const bobs = await insert(bob.id, 'Plans', '<a@x>', null, []);

  const runner = dataSource.createQueryRunner();
  try {
    await runner.startTransaction();
    await new AddEmailThreads1795400400000().up(runner);
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }

  const rows = await dataSource.query<{ id: number; threadId: number; threadSubject: string }[]>(
    `SELECT id, "threadId", "threadSubject" FROM emails ORDER BY id`,
  );
  const thread = new Map(rows.map((row) => [row.id, row.threadId]));
  expect([thread.get(a), thread.get(b), thread.get(c)]).toEqual([c, c, c]);
  expect(thread.get(alone)).toBe(alone);
  expect(thread.get(bobs)).toBe(bobs);
  expect(rows.find((row) => row.id === b)!.threadSubject).toBe('plans');
});
