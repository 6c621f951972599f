/**
 * The expression behind events."searchVector" (a STORED generated column): the words of the title
 * (weight A), description (B) and location (C), parsed by the language-neutral 'simple'
 * configuration like tasks' (tasks/task-search-vector.ts). TypeORM compares it with the text the
 * migration recorded, so the two must stay identical (migrations.e2e-spec.ts checks this).
 */
export const EVENT_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("title", '')), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("description", '')), 'B') || ` +
  `setweight(to_tsvector('simple', coalesce("location", '')), 'C')`;
