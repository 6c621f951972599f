/**
 * The expression behind research_reports."searchVector" (a STORED generated column): topic and tags
 * (weight A), summary (B) and the first 200,000 characters of the report (C), in the 'simple'
 * configuration like the other modules. Tags go through documents_tags_text(), the IMMUTABLE
 * array_to_string wrapper the documents migration created. TypeORM compares this with the text
 * the migration recorded, so the two must stay identical (migrations.e2e-spec.ts).
 */
export const RESEARCH_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("topic", '')), 'A') || ` +
  `setweight(to_tsvector('simple', documents_tags_text("tags")), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("summary", '')), 'B') || ` +
  `setweight(to_tsvector('simple', left(coalesce("content", ''), 200000)), 'C')`;
