import type { DataSource } from 'typeorm';
import type { SearchHit } from './search-provider';
import { prefixTsQuery } from './prefix-tsquery';

/** How one table takes part in full-text search: it has "userId", "title", "description" and a "searchVector". */
export interface SearchableTable {
  /** Table name (a constant from code, never user input). */
  table: string;
  /** SearchHit.type and .link, e.g. 'task' and '/tasks'. */
  type: string;
  link: string;
  /** Shown as the snippet when the row has no description, e.g. 'location'; none by default. */
  snippetFallback?: string;
  /** Orders rows of equal rank, e.g. 'updatedAt'. */
  tieBreak: string;
}

/**
 * The user's rows whose search vector matches every typed word as a prefix, ranked by ts_rank; the
 * snippet is the best passage of the description as plain text (ts_headline with empty delimiters:
 * no markup to escape). Every full-text provider is this query over its own table.
 */
export async function searchUserRows(
  dataSource: DataSource,
  spec: SearchableTable,
  userId: number,
  query: string,
  limit: number,
): Promise<SearchHit[]> {
  const fallback = spec.snippetFallback ? `r."${spec.snippetFallback}"` : 'NULL';
  const rows: { id: number; title: string; snippet: string | null; rank: number }[] = await dataSource.query(
    `SELECT r.id, r.title, ts_rank(r."searchVector", q.query) AS rank,
            CASE WHEN r.description IS NULL THEN ${fallback}
                 ELSE ts_headline('simple', r.description, q.query, 'StartSel="", StopSel="", MaxWords=20, MinWords=8')
            END AS snippet
       FROM "${spec.table}" r, (SELECT ${prefixTsQuery('$2')} AS query) q
      WHERE r."userId" = $1 AND r."searchVector" @@ q.query
      ORDER BY rank DESC, r."${spec.tieBreak}" DESC, r.id DESC
      LIMIT $3`,
    [userId, query, limit],
  );
  return rows.map((row) => ({
    type: spec.type,
    id: row.id,
    title: row.title,
    snippet: row.snippet,
    link: spec.link,
    rank: Number(row.rank),
  }));
}
