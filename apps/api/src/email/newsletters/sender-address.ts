/** SQL for the lower-case address of an emails row's From ('Ann <ann@x.org>' → 'ann@x.org'). */
export const SENDER_SQL = `lower(coalesce(substring(e."from" from '<([^<>]+)>\\s*$'), trim(e."from")))`;

/** The lower-case address of a From text, as SENDER_SQL reads it. */
export function senderOf(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match ? match[1] : from).trim().toLowerCase();
}

/**
 * "Keep archiving" (issue 24): of the rows just stored, those from a sender the user keeps
 * archiving are archived, with the move recorded in pendingServerChanges for the sync to carry to
 * the server. Answers the ids archived.
 */
export async function archiveBySenderRules(
  dataSource: { query: (sql: string, params: unknown[]) => Promise<unknown> },
  userId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = (await dataSource.query(
    `UPDATE emails e SET "isArchived" = true,
            "pendingServerChanges" = CASE WHEN e.uid IS NULL THEN e."pendingServerChanges"
                                          ELSE e."pendingServerChanges" || '{"isArchived": true}'::jsonb END
      WHERE e."userId" = $1 AND e.id = ANY($2::int[]) AND NOT e."isArchived"
        AND coalesce(e.metadata->>'status', '') NOT IN ('draft', 'sent')
        AND EXISTS (SELECT 1 FROM email_sender_rules r
                     WHERE r."userId" = $1 AND r.kind = 'archive' AND r.sender = ${SENDER_SQL})
      RETURNING e.id`,
    [userId, ids],
  )) as [Array<{ id: number }>, number];
  return result[0].map((row) => row.id);
}
