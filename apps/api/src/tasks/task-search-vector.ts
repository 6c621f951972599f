/**
 * The expression behind tasks."searchVector" (a STORED generated column): the words of the title
 * (weight A), description (B), category and priority (C), parsed by the language-neutral 'simple'
 * configuration so any language and partial words match. TypeORM compares it with the text the
 * migration recorded, so the two must stay identical (migrations.e2e-spec.ts checks this).
 */
export const TASK_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("title", '')), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("description", '')), 'B') || ` +
  `setweight(to_tsvector('simple', coalesce("category", '') || ' ' || coalesce("priority", '')), 'C')`;
