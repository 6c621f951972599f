/** What the seeders need of a connection: a TypeORM DataSource or a pg Client/Pool both fit. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** Adds one kind of row for a user. */
export type Seed = (db: Queryable, userId: number) => Promise<void>;

/**
 * `count` tasks in one statement: priorities and statuses spread evenly, due dates spread over
 * ±180 days around now (so some dozens fall on today and yesterday), one in ten without a due date.
 * Completed tasks were completed (last updated) over the past 180 days, as a real list's are, so
 * "completed today" holds about one in 180 of them rather than all; open ones were last edited over
 * the past 120 days, and all were created before that. (Every open task last updated at the moment
 * of seeding, as before, is a list no one has: it told the planner that most tasks changed today and
 * had it read all of a user's tasks to find the few completed today.)
 */
export async function seedTasks(db: Queryable, userId: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO tasks ("userId", title, description, priority, status, "dueDate", category, "createdAt", "updatedAt")
     SELECT $1, 'Task ' || i, 'Seeded task number ' || i,
            (ARRAY['high', 'medium', 'low'])[1 + i % 3],
            (ARRAY['pending', 'in_progress', 'completed'])[1 + (i / 3) % 3],
            CASE WHEN i % 10 = 0 THEN NULL ELSE now() + (random() * 360 - 180) * interval '1 day' END,
            (ARRAY['Work', 'Home', NULL])[1 + i % 3],
            now() - (180 + i % 180) * interval '1 day',
            now() - (CASE WHEN (i / 3) % 3 = 2 THEN i % 180 ELSE i % 120 END) * interval '1 day'
       FROM generate_series(1, $2) AS i`,
    [userId, count],
  );
}

/**
 * `count` events of 30 to 120 minutes, starting anywhere within ±365 days of now. (The `i * 0`
 * makes the LATERAL subquery correlated, so random() is drawn per row rather than once.)
 */
export async function seedEvents(db: Queryable, userId: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO events ("userId", title, description, type, "startTime", "endTime", location, attendees, metadata)
     SELECT $1, 'Event ' || i, 'Seeded event number ' || i, (ARRAY['meeting', 'appointment', 'reminder'])[1 + i % 3],
            s.start, s.start + (30 + i % 4 * 30) * interval '1 minute', 'Room ' || i % 20,
            ARRAY['alice@example.com', 'bob@example.com'], jsonb_build_object('link', 'https://meet.example.com/' || i)
       FROM generate_series(1, $2) AS i, LATERAL (SELECT now() + (random() * 730 - 365 + i * 0) * interval '1 day' AS start) s`,
    [userId, count],
  );
}

/**
 * `count` emails in one statement, as a synced mailbox looks: a third of them read, one in ten
 * archived, priorities and categories spread (a fifth without a category), received over the last
 * two years (a few dozen today), one in fifty a sent message and one in a hundred a draft.
 */
export async function seedEmails(db: Queryable, userId: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO emails ("userId", subject, "from", "to", body, priority, category, "isRead", "isArchived", "receivedAt", metadata)
     SELECT $1, 'Message ' || i || ' about the quarterly plan', 'sender' || i % 500 || '@example.com', 'bench@example.com',
            'Seeded message number ' || i || E'.\\nPlease review the attached figures before Friday.',
            (ARRAY['urgent', 'important', 'regular', 'regular'])[1 + i % 4],
            (ARRAY['work', 'personal', 'newsletter', 'promotion', NULL])[1 + i % 5],
            i % 3 = 0, i % 10 = 0,
            now() - (random() * 730 + i * 0) * interval '1 day',
            CASE WHEN i % 100 = 0 THEN '{"status": "draft"}'::jsonb WHEN i % 50 = 0 THEN '{"status": "sent"}'::jsonb ELSE '{}'::jsonb END
       FROM generate_series(1, $2) AS i`,
    [userId, count],
  );
}
