import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { createTestDataSource, type TestDataSource } from '../../test/test-data-source';
import { EmailsDashboardProvider } from '../email/emails.dashboard-provider';
import { TasksDashboardProvider } from '../tasks/tasks.dashboard-provider';

/**
 * The dashboard's heaviest queries (the tasks' and the Inbox's) stay on the indexes made for them
 * (migrations AddEmailDashboardIndexes, FitDashboardIndexes, AddEmailCounts). When the Inbox gained conditions
 * its index's predicate lacked, the count silently went from an index-only scan to reading every
 * Inbox row from the table to check them; and the tasks completed today were found by reading all
 * of the user's tasks. Here each query is planned with sequential and bitmap scans off, so an index
 * that serves it is the cheapest plan the planner may pick, and the test names the one read instead.
 */

let t: TestDataSource;
let db: DataSource;
let userId: number;
const NOW = new Date('2030-06-15T10:00:00Z');
const TIMEZONE = 'Europe/Paris';

beforeAll(async () => {
  t = await createTestDataSource();
  db = t.dataSource;
  const users: { id: number }[] = await db.query(
    `INSERT INTO users (email) VALUES ('ann@example.test'), ('bob@example.test') RETURNING id`,
  );
  userId = users[0].id;
  for (const { id } of users) {
    // A third completed, nearly all of them before today (as a real list is), the rest open.
    await db.query(
      `INSERT INTO tasks ("userId", title, priority, status, "dueDate", "updatedAt")
       SELECT $1, 'Task ' || i, (ARRAY['high', 'medium', 'low'])[1 + i % 3],
              (ARRAY['pending', 'in_progress', 'completed'])[1 + (i / 3) % 3],
              $2::timestamptz + (i % 200 - 100) * interval '1 day',
              $2::timestamptz - (CASE WHEN i % 100 = 0 THEN 0 ELSE 1 + i % 300 END) * interval '1 day'
         FROM generate_series(1, 3000) AS i`,
      [id, NOW],
    );
    // The Inbox and every place an email leaves it for: archived, sent, a draft, snoozed, deleted, filed.
    await db.query(
      `INSERT INTO emails ("userId", subject, "from", "to", body, priority, "isRead", "isArchived", "isAutoResponded",
                           "receivedAt", attachments, metadata, "snoozedUntil", "isTrashed", folder)
       SELECT $1, 'Subject ' || i, 'sender@example.com', 'me@example.com', 'Body', (ARRAY['urgent', 'important', 'regular'])[1 + i % 3],
              i % 2 = 0, i % 7 = 1, i % 50 = 0, $2::timestamptz - i * interval '1 minute', '[]',
              CASE i % 7 WHEN 2 THEN '{"status":"sent"}' WHEN 3 THEN '{"status":"draft"}' ELSE '{}' END::jsonb,
              CASE WHEN i % 7 = 4 THEN $2::timestamptz + interval '1 day' END, i % 7 = 5, CASE WHEN i % 7 = 6 THEN 'Receipts' END
         FROM generate_series(1, 3000) AS i`,
      [id, NOW],
    );
  }
  // As autovacuum leaves a table: with its visibility map, which index-only scans need.
  await db.query('VACUUM ANALYZE tasks, emails');
});
afterAll(() => t.close());

/** The statements a provider sends (through the DataSource it was given, or straight to its pool: poolQuery). */
async function statementsOf(provide: (source: DataSource) => Promise<unknown>): Promise<[string, unknown[]][]> {
  const sent: [string, unknown[]][] = [];
  const query = (sql: string, params: unknown[] = []) => {
    sent.push([sql, params]);
    return db.query(sql, params);
  };
  const master = {
    query: async ({ text, values }: { text: string; values: unknown[] }) => ({ rows: await query(text, values) }),
  };
  const recording = { query, driver: { master } } as unknown as DataSource;
  await provide(recording);
  return sent;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * How the statement reads each table, as 'table: index' (or 'table: Seq Scan'), with sequential and
 * bitmap scans off; `indexOnly` puts 'only ' before an index read without visiting the table.
 * `prepared`: the plan Postgres uses for the statement prepared (as poolQuery prepares them) once it
 * has run five times: from then on the generic one, made without the parameters' values, whenever
 * it costs no more than those planned for their values did.
 */
let probes = 0;
async function reads(sql: string, params: unknown[], { indexOnly = false, prepared = false } = {}): Promise<string[]> {
  return db.transaction(async (manager) => {
    await manager.query('SET LOCAL enable_seqscan = off');
    await manager.query('SET LOCAL enable_bitmapscan = off');
    let explained: { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
    if (prepared) {
      const name = `probe_${++probes}`;
      await manager.query(`PREPARE ${name} AS ${sql}`);
      // EXPLAIN EXECUTE takes no bound parameters: the values go in as literals.
      const literal = (value: unknown) =>
        typeof value === 'number'
          ? String(value)
          : `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;
      const execute = `EXECUTE ${name}(${params.map(literal).join(', ')})`;
      // Five runs planned for their values; from the sixth, Postgres uses the generic plan if it costs no more.
      for (let run = 0; run < 5; run++) await manager.query(execute);
      explained = await manager.query(`EXPLAIN (FORMAT JSON) ${execute}`);
      await manager.query(`DEALLOCATE ${name}`);
    } else {
      explained = await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    }
    const found: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Relation Name'])
        found.push(
          `${node['Relation Name']}: ${indexOnly && node['Node Type'] === 'Index Only Scan' ? 'only ' : ''}${node['Index Name'] ?? node['Node Type']}`,
        );
      node.Plans?.forEach(walk);
    };
    walk(explained[0]['QUERY PLAN'][0].Plan);
    return found;
  });
}

describe.each([
  ['planned for its values', false],
  ['prepared, after five runs', true],
])("the dashboard's queries read their own indexes, %s", (_, prepared) => {
  it("the tasks': open tasks by due date and by priority, and those completed today", async () => {
    const statements = await statementsOf((source) =>
      new TasksDashboardProvider(source).contribute(userId, NOW, TIMEZONE),
    );
    const [counts, list] = await Promise.all(statements.map(([sql, params]) => reads(sql, params, { prepared })));
    expect(counts).toEqual(['tasks: IDX_tasks_open_userId_dueDate']);
    expect(new Set(list)).toEqual(
      new Set(['tasks: IDX_tasks_open_userId_priority_dueDate', 'tasks: IDX_tasks_completed_userId_updatedAt']),
    );
  });

  it("the email's: the Inbox's kept counts by the user's key, not the emails, and the auto-responded", async () => {
    const statements = await statementsOf((source) => new EmailsDashboardProvider(source).contribute(userId));
    const plans = await Promise.all(statements.map(([sql, params]) => reads(sql, params, { prepared })));
    // The Inbox card reads a few rows of email_counts (migration AddEmailCounts), never the mail.
    expect(plans).toEqual([['email_counts: PK_email_counts'], ['emails: IDX_emails_autoResponded_userId']]);
  });
});
