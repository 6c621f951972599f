import { linkThreads, SUBJECT_FALLBACK_DAYS, type ThreadLinks, threadKeys, type ThreadMessage } from './thread-linking';
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
  const links = linkThreads(
    fresh.map((message) => ({ ...message, threadId: null })),
    await readLinked(db, userId, fresh),
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
  await writeKnownLinks(db, userId, links, new Set(assigned));
  return new Map(assigned.map((id) => [id, links.assign.get(id) ?? id]));
}

/** The stored rows `fresh` (not yet stored, or stored and not threaded) may join: by Message-ID keys, or by subject within the fallback window. */
async function readLinked(db: Queryable, userId: number, fresh: ThreadMessage[]): Promise<ThreadMessage[]> {
  const keys = [...new Set(fresh.flatMap(threadKeys))];
  const unlinked = fresh.filter((message) => !message.inReplyTo && message.references.length === 0);
  const subjects = [...new Set(unlinked.map((message) => normaliseSubject(message.subject)).filter(Boolean))];
  const times = unlinked.map((message) => message.receivedAt.getTime());
  const window = SUBJECT_FALLBACK_DAYS * DAY_MS;
  return db.query<ThreadMessage[]>(
    `SELECT ${FIELDS} FROM emails
      WHERE "userId" = $1 AND NOT (id = ANY($2::int[]))
        AND ("messageId" = ANY($3::text[]) OR "inReplyTo" = ANY($3::text[]) OR "references" && $3::text[]
             OR ("threadSubject" = ANY($4::text[]) AND "receivedAt" BETWEEN $5 AND $6))`,
    [
      userId,
      fresh.map((message) => message.id),
      keys,
      subjects,
      new Date(times.length ? Math.min(...times) - window : 0),
      new Date(times.length ? Math.max(...times) + window : 0),
    ],
  );
}

/** The stored rows' side of `links`: unthreaded rows the new ones joined get their thread, and merged threads move over. */
async function writeKnownLinks(db: Queryable, userId: number, links: ThreadLinks, fresh: Set<number>): Promise<void> {
  const unthreadedKnown = [...links.assign].filter(([id]) => !fresh.has(id));
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
}

/** New rows with the ids they will be inserted with (from the table's sequence), threaded before they are written. */
export interface PlannedThreads {
  /** Each new row's threadId and threadSubject, by id: written by the INSERT itself. */
  rows: Map<number, { threadId: number; threadSubject: string }>;
  /** After the INSERT, when every row went in: the stored rows' side (see writeKnownLinks). */
  commit(): Promise<void>;
}

/**
 * Threads rows before they are inserted (the sync's batches): the same linking as assignThreads,
 * but the INSERT carries threadId and threadSubject, so each row is written once instead of
 * inserted and then updated (an UPDATE of these indexed columns writes every index entry, the
 * search vector's GIN included, a second time). `fresh` must carry the ids the rows will get.
 * When the INSERT skipped a row (ON CONFLICT), a new row may have been named after the skipped id:
 * call assignThreads for the inserted ids instead of commit().
 */
export async function planThreads(db: Queryable, userId: number, fresh: ThreadMessage[]): Promise<PlannedThreads> {
  const links = linkThreads(fresh, await readLinked(db, userId, fresh));
  const ids = new Set(fresh.map((message) => message.id));
  return {
    rows: new Map(
      fresh.map((message) => [
        message.id,
        { threadId: links.assign.get(message.id) ?? message.id, threadSubject: normaliseSubject(message.subject) },
      ]),
    ),
    commit: () => writeKnownLinks(db, userId, links, ids),
  };
}
