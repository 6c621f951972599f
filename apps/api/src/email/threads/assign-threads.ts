import { linkThreads, SUBJECT_FALLBACK_DAYS, threadKeys, type ThreadMessage } from './thread-linking';
import { normaliseSubject } from './thread-subject';

/** What assignThreads needs of a DataSource, EntityManager or QueryRunner. */
export interface Queryable {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

const FIELDS = `id, "threadId", "messageId", "inReplyTo", "references", subject, "from", "to", cc, "receivedAt"`;
const DAY_MS = 86_400_000;

/**
 * Puts newly stored emails of one user into conversations (see linkThreads), across all the user's
 * accounts: one query reads the new rows, one finds every row they link to (by Message-ID keys, or
 * by subject for the subject fallback), then one UPDATE gives the new rows their thread and one
 * moves merged threads over. Call it after the rows are stored (the sync's insert, a sent reply).
 * Answers the thread of each new row.
 */
export async function assignThreads(db: Queryable, userId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const fresh = await db.query<ThreadMessage[]>(
    `SELECT ${FIELDS} FROM emails WHERE "userId" = $1 AND id = ANY($2::int[])`,
    [userId, ids],
  );
  if (fresh.length === 0) return new Map();
  const keys = [...new Set(fresh.flatMap(threadKeys))];
  const unlinked = fresh.filter((message) => !message.inReplyTo && message.references.length === 0);
  const subjects = [...new Set(unlinked.map((message) => normaliseSubject(message.subject)).filter(Boolean))];
  const times = unlinked.map((message) => message.receivedAt.getTime());
  const window = SUBJECT_FALLBACK_DAYS * DAY_MS;
  const known = await db.query<ThreadMessage[]>(
    `SELECT ${FIELDS} FROM emails
      WHERE "userId" = $1 AND NOT (id = ANY($2::int[]))
        AND ("messageId" = ANY($3::text[]) OR "inReplyTo" = ANY($3::text[]) OR "references" && $3::text[]
             OR ("threadSubject" = ANY($4::text[]) AND "receivedAt" BETWEEN $5 AND $6))`,
    [
      userId,
      ids,
      keys,
      subjects,
      new Date(times.length ? Math.min(...times) - window : 0),
      new Date(times.length ? Math.max(...times) + window : 0),
    ],
  );
  const links = linkThreads(
    fresh.map((message) => ({ ...message, threadId: null })),
    known,
  );
  const assigned = fresh.map((message) => message.id);
  await db.query(
    `UPDATE emails e SET "threadId" = v.thread, "threadSubject" = v.subject
       FROM unnest($2::int[], $3::int[], $4::text[]) AS v(id, thread, subject)
      WHERE e.id = v.id AND e."userId" = $1`,
    [
      userId,
      assigned,
      assigned.map((id) => links.assign.get(id) ?? id),
      fresh.map((message) => normaliseSubject(message.subject)),
    ],
  );
  const unthreadedKnown = [...links.assign].filter(([id]) => !assigned.includes(id));
  if (unthreadedKnown.length > 0) {
    await db.query(
      `UPDATE emails e SET "threadId" = v.thread FROM unnest($2::int[], $3::int[]) AS v(id, thread) WHERE e.id = v.id AND e."userId" = $1`,
      [userId, unthreadedKnown.map(([id]) => id), unthreadedKnown.map(([, thread]) => thread)],
    );
  }
  if (links.merge.size > 0) {
    await db.query(
      `UPDATE emails e SET "threadId" = v.thread FROM unnest($2::int[], $3::int[]) AS v(old, thread) WHERE e."userId" = $1 AND e."threadId" = v.old`,
      [userId, [...links.merge.keys()], [...links.merge.values()]],
    );
  }
  return new Map(assigned.map((id) => [id, links.assign.get(id) ?? id]));
}
