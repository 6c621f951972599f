/**
 * The expression behind documents."searchVector" (a STORED generated column): the file name and
 * tags (weight A), the summary (B) and the first 200,000 characters of the extracted text (C; a
 * tsvector is capped at 1 MB, and a long text must not make the extraction's update fail), parsed
 * by the language-neutral 'simple' configuration like tasks' and emails'. Tags go through
 * documents_tags_text(), an IMMUTABLE wrapper of array_to_string (which Postgres marks STABLE, so a
 * generated column cannot call it directly). TypeORM compares this with the text the migration
 * recorded, so the two must stay identical (migrations.e2e-spec.ts).
 */
export const DOCUMENT_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("originalName", '')), 'A') || ` +
  `setweight(to_tsvector('simple', documents_tags_text("tags")), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("summary", '')), 'B') || ` +
  `setweight(to_tsvector('simple', left(coalesce("content", ''), 200000)), 'C')`;
