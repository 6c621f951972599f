/**
 * The expression behind emails."searchVector" (a STORED generated column): the words of the subject
 * (weight A), the sender (B) and the first 100,000 characters of the body (C; a tsvector is capped
 * at 1 MB, and a longer body must not make a synced message fail to insert), parsed by the
 * language-neutral 'simple' configuration like tasks' (tasks/task-search-vector.ts). TypeORM
 * compares it with the text the migration recorded, so the two must stay identical.
 */
export const EMAIL_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("subject", '')), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("from", '')), 'B') || ` +
  `setweight(to_tsvector('simple', left(coalesce("body", ''), 100000)), 'C')`;
