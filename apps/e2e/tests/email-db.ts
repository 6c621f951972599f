/**
 * Emails for the e2e tests, written straight into the run's database (no test-only route exists,
 * and the sync engine is what normally fills the table). The app under test runs an embedded
 * PostgreSQL in the run's DATA_DIR (playwright.config.ts passes it as AIDE_E2E_DATA_DIR): its
 * password is DATA_DIR/postgres-password and its port the fourth line of postmaster.pid.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/** A connection to the app's database 'aide' in `dataDir`; the caller ends it. */
export async function connectToAppDatabase(dataDir = process.env.AIDE_E2E_DATA_DIR): Promise<Client> {
  if (!dataDir) throw new Error('AIDE_E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'aide' });
  await client.connect();
  return client;
}

export interface SeedEmail {
  subject: string;
  from: string;
  to?: string;
  cc?: string | null;
  body?: string;
  htmlBody?: string | null;
  priority?: 'urgent' | 'important' | 'regular';
  category?: string | null;
  isRead?: boolean;
  isArchived?: boolean;
  isAutoResponded?: boolean;
  /** Default: now minus the email's position in the list, in minutes (the first is the newest). */
  receivedAt?: Date;
  attachments?: { filename: string | null; contentType: string; size: number }[];
  metadata?: Record<string, unknown>;
}

/** Inserts `emails` for the user with this sign-in address; answers their ids in the same order. */
export async function seedEmails(db: Client, userEmail: string, emails: SeedEmail[]): Promise<number[]> {
  const user = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [userEmail.toLowerCase()]);
  if (!user.rowCount) throw new Error(`No user ${userEmail}`);
  const userId = user.rows[0].id;
  const ids: number[] = [];
  const now = Date.now();
  for (const [i, e] of emails.entries()) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO emails ("userId", subject, "from", "to", cc, body, "htmlBody", priority, category, "isRead", "isArchived", "isAutoResponded", "receivedAt", attachments, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        userId,
        e.subject,
        e.from,
        e.to ?? userEmail,
        e.cc ?? null,
        e.body ?? '',
        e.htmlBody ?? null,
        e.priority ?? 'regular',
        e.category ?? null,
        e.isRead ?? false,
        e.isArchived ?? false,
        e.isAutoResponded ?? false,
        e.receivedAt ?? new Date(now - i * 60_000),
        JSON.stringify(e.attachments ?? []),
        JSON.stringify(e.metadata ?? {}),
      ],
    );
    ids.push(rows[0].id);
  }
  return ids;
}

/** Many plain emails at once (one INSERT … SELECT), e.g. to fill several pages. */
export async function seedManyEmails(
  db: Client,
  userEmail: string,
  count: number,
  subjectPrefix = 'Bulk message ',
): Promise<void> {
  const user = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [userEmail.toLowerCase()]);
  await db.query(
    `INSERT INTO emails ("userId", subject, "from", "to", body, priority, category, "isRead", "receivedAt")
     SELECT $1, $2 || g, 'Bulk Sender <bulk@example.test>', $3, 'Body of bulk message ' || g, 'regular', 'newsletter', true, now() - interval '1 day' - g * interval '1 minute'
       FROM generate_series(1, $4::int) g`,
    [user.rows[0].id, subjectPrefix, userEmail, count],
  );
}
