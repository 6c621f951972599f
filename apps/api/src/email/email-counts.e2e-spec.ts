import 'reflect-metadata';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dataSourceOptions } from '../database/data-source';
import { AddEmailCounts1795404100000 } from '../migrations/1795404100000-add-email-counts';
import { INBOX } from './email-tabs';

/**
 * email_counts (migration AddEmailCounts) is kept by triggers as the mail changes, and the email
 * tiles, tabs and the dashboard's Inbox card read it instead of counting. Here it is held against
 * counting the rows themselves with the lists' own Inbox (email-tabs.ts), after every kind of
 * write the app and the sync engine make: inserts of many rows, updates of any field, deletes,
 * cascades, concurrent writers, and the migration's count of the mail already there.
 */

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp();
  db = await new DataSource(dataSourceOptions(t.database.url)).initialize();
});
afterAll(async () => {
  await db.destroy();
  await t.close();
});

/** What GET /api/emails/stats must say, counted from the rows with the lists' own conditions. */
async function counted(userId: number) {
  const [row] = await db.query(
    `SELECT count(*) FILTER (WHERE ${INBOX})::int AS inbox,
            count(*) FILTER (WHERE ${INBOX} AND e.priority = 'urgent')::int AS urgent,
            count(*) FILTER (WHERE ${INBOX} AND e.priority = 'important')::int AS important,
            count(*) FILTER (WHERE ${INBOX} AND e.priority = 'regular')::int AS regular,
            count(*) FILTER (WHERE ${INBOX} AND e.category = 'work')::int AS work,
            count(*) FILTER (WHERE ${INBOX} AND e."isRead" = false)::int AS unread,
            count(*) FILTER (WHERE e."isTrashed" = false)::int AS total
       FROM emails e WHERE e."userId" = $1`,
    [userId],
  );
  return row as Record<string, number>;
}

/** The kept counts, key by key, against the rows grouped the same way (zero counts left out). */
async function keptAndCounted(userId: number) {
  const place = `CASE WHEN e."isTrashed" THEN 'trash' WHEN ${INBOX} THEN 'inbox' ELSE 'elsewhere' END`;
  const [kept, rows] = await Promise.all([
    db.query(
      `SELECT place, priority, category, "isRead", n FROM email_counts WHERE "userId" = $1 AND n <> 0 ORDER BY 1, 2, 3, 4`,
      [userId],
    ),
    db.query(
      `SELECT ${place} AS place, e.priority, coalesce(e.category, '') AS category, e."isRead", count(*)::int AS n
         FROM emails e WHERE e."userId" = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      [userId],
    ),
  ]);
  return { kept, rows };
}

/** `count` emails for a user in one multi-row INSERT, spread over every place and field a count looks at. */
async function insertMany(userId: number, count: number, salt: number, on: Pick<DataSource, 'query'> = db) {
  await on.query(
    `INSERT INTO emails ("userId", subject, "from", "to", body, priority, category, "isRead", "isArchived",
                         "receivedAt", attachments, metadata, "snoozedUntil", "isTrashed", folder)
     SELECT $1, 'Subject ' || i, 'sender@example.com', 'me@example.com', 'Body',
            (ARRAY['urgent', 'important', 'regular'])[1 + (i + $3) % 3],
            (ARRAY['work', 'personal', NULL, 'finance'])[1 + (i * 7 + $3) % 4],
            (i + $3) % 2 = 0, (i + $3) % 9 = 1, now() - i * interval '1 minute', '[]',
            CASE (i + $3) % 9 WHEN 2 THEN '{"status":"sent"}' WHEN 3 THEN '{"status":"draft"}' ELSE '{}' END::jsonb,
            CASE WHEN (i + $3) % 9 = 4 THEN now() + interval '1 day' END, (i + $3) % 9 = 5,
            CASE WHEN (i + $3) % 9 = 6 THEN 'Receipts' END
       FROM generate_series(1, $2) AS i`,
    [userId, count, salt],
  );
}

async function newUser() {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
}

describe('email counts kept by triggers', () => {
  it('match counting the rows after inserts, updates of every counted field and deletes', async () => {
    const ann = await newUser();
    const bob = await newUser();
    await insertMany(ann.id, 300, 0);
    await insertMany(bob.id, 200, 5);
    const changes = [
      `UPDATE emails SET "isRead" = true WHERE "userId" = $1 AND id % 5 = 0`,
      `UPDATE emails SET "isArchived" = NOT "isArchived" WHERE "userId" = $1 AND id % 7 = 0`,
      `UPDATE emails SET metadata = '{"status":"sent"}' WHERE "userId" = $1 AND id % 11 = 0`,
      `UPDATE emails SET metadata = '{}' WHERE "userId" = $1 AND id % 13 = 0`,
      `UPDATE emails SET "snoozedUntil" = NULL WHERE "userId" = $1 AND "snoozedUntil" IS NOT NULL AND id % 2 = 0`,
      `UPDATE emails SET "isTrashed" = true WHERE "userId" = $1 AND id % 17 = 0`,
      `UPDATE emails SET "isTrashed" = false, folder = NULL WHERE "userId" = $1 AND id % 19 = 0`,
      `UPDATE emails SET folder = 'Travel' WHERE "userId" = $1 AND id % 23 = 0`,
      `UPDATE emails SET priority = 'urgent', category = 'work' WHERE "userId" = $1 AND id % 3 = 1`,
      `UPDATE emails SET category = NULL WHERE "userId" = $1 AND id % 29 = 0`,
      // Changes no count: writes nothing to email_counts.
      `UPDATE emails SET subject = subject || '!' WHERE "userId" = $1`,
      `DELETE FROM emails WHERE "userId" = $1 AND id % 31 = 0`,
    ];
    for (const sql of changes) {
      await db.query(sql, [ann.id]);
      const { kept, rows } = await keptAndCounted(ann.id);
      expect({ sql, kept }).toEqual({ sql, kept: rows });
    }
    // The other user's counts are their own: none of ann's changes touched them.
    const forBob = await keptAndCounted(bob.id);
    expect(forBob.kept).toEqual(forBob.rows);
    // What the email screen shows is what counting the rows says.
    const stats = await ann.agent.get('/api/emails/stats').expect(200);
    expect(stats.body).toEqual(await counted(ann.id));
    expect(stats.body.inbox).toBeGreaterThan(0);
  });

  it("follow the app's own changes: read, archive, a bulk delete and a bulk mark-read of the whole Inbox", async () => {
    const { agent, id } = await newUser();
    await insertMany(id, 12, 0);
    const ids: number[] = (await db.query(`SELECT id FROM emails WHERE "userId" = $1 ORDER BY id`, [id])).map(
      (row: { id: number }) => row.id,
    );
    const before = (await agent.get('/api/emails/stats').expect(200)).body;
    const inbox: { id: number; isRead: boolean }[] = (await agent.get('/api/emails?tab=inbox').expect(200)).body.items;
    const unread = inbox.find((email) => !email.isRead)!;
    await agent.patch(`/api/emails/${unread.id}`).send({ isRead: true }).expect(200);
    const afterRead = (await agent.get('/api/emails/stats').expect(200)).body;
    expect(afterRead).toEqual({ ...before, unread: before.unread - 1 });

    await agent.patch(`/api/emails/${unread.id}`).send({ isArchived: true }).expect(200);
    const deleted = ids.slice(0, 3);
    const [{ n: untrashed }] = await db.query(
      `SELECT count(*)::int AS n FROM emails WHERE id = ANY($1) AND "isTrashed" = false`,
      [deleted],
    );
    await agent
      .post('/api/emails/bulk')
      .send({ selection: { ids: deleted }, action: { type: 'delete' } })
      .expect(200);
    // The whole Inbox marked read in one statement.
    await agent
      .post('/api/emails/bulk')
      .send({ selection: { filter: { tab: 'inbox' } }, action: { type: 'markRead' } })
      .expect(200);
    const after = (await agent.get('/api/emails/stats').expect(200)).body;
    expect(after).toEqual(await counted(id));
    expect(after).toMatchObject({ unread: 0, total: before.total - untrashed });
  });

  it('stay right when two writers change the same counts at once', async () => {
    const { id } = await newUser();
    await insertMany(id, 100, 0);
    // Two transactions each insert and mark read; neither's counts may be lost.
    await Promise.all(
      [1, 2].map((salt) =>
        db.transaction(async (manager) => {
          await manager.query(
            `INSERT INTO emails ("userId", subject, "from", "to", body, priority, "receivedAt", attachments, metadata)
             SELECT $1, 'Burst ' || i, 'a@example.com', 'me@example.com', 'Body', 'urgent', now(), '[]', '{}'
               FROM generate_series(1, 50) AS i`,
            [id],
          );
          await manager.query(`UPDATE emails SET "isRead" = true WHERE "userId" = $1 AND id % 2 = $2`, [id, salt - 1]);
        }),
      ),
    );
    const { kept, rows } = await keptAndCounted(id);
    expect(kept).toEqual(rows);
  });

  it("go with the user's account, and the user's deletion does not fail on them", async () => {
    const { id } = await newUser();
    await insertMany(id, 20, 0);
    expect(Number((await db.query(`SELECT count(*) FROM email_counts WHERE "userId" = $1`, [id]))[0].count)).toBe(
      (await keptAndCounted(id)).rows.length,
    );
    await db.query(`DELETE FROM users WHERE id = $1`, [id]);
    expect(await db.query(`SELECT * FROM email_counts WHERE "userId" = $1`, [id])).toEqual([]);
  });

  it('the migration counts the mail already stored', async () => {
    const { id } = await newUser();
    await insertMany(id, 90, 3);
    const migration = new AddEmailCounts1795404100000();
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      await migration.down(runner);
      // Mail that arrives while there are no counts (an older release, before this migration).
      await insertMany(id, 10, 4, runner);
      await migration.up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    const { kept, rows } = await keptAndCounted(id);
    expect(kept).toEqual(rows);
    expect(rows.reduce((total: number, row: { n: number }) => total + row.n, 0)).toBe(100);
  });
});
