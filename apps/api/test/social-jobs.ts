import type { DataSource } from 'typeorm';

/** The 'social.publish' jobs queued for a post, oldest first: their payload's version, start time, state and user. */
export async function publishJobsOf(db: DataSource, postId: number) {
  const rows = await db.query<{ version: number; startAfter: Date; state: string; userId: number }[]>(
    `SELECT (data->'payload'->>'version')::int AS version, start_after AS "startAfter", state, (data->>'userId')::int AS "userId"
       FROM pgboss.job WHERE name = 'social.publish' AND (data->'payload'->>'postId')::int = $1 ORDER BY created_on, start_after`,
    [postId],
  );
  return rows;
}
