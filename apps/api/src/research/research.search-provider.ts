import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { prefixTsQuery } from '../search/prefix-tsquery';
import { type SearchHit, SearchProvider } from '../search/search-provider';

/**
 * Research reports in the header search: topic, tags, summary and report text, by word prefix,
 * archived ones included. The snippet is the summary's first line; the link opens the report.
 */
@SearchProvider()
@Injectable()
export class ResearchSearchProvider implements SearchProvider {
  readonly moduleId = 'research';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    const rows: { id: number; title: string; snippet: string | null; rank: number }[] = await this.dataSource.query(
      `WITH q AS (SELECT ${prefixTsQuery('$2')} AS query)
       SELECT r.id, r.topic AS title, left(split_part(coalesce(r.summary, ''), E'\\n', 1), 200) AS snippet, ts_rank(r."searchVector", q.query) AS rank
         FROM research_reports r, q
        WHERE r."userId" = $1 AND r."searchVector" @@ q.query
        ORDER BY rank DESC, r."createdAt" DESC, r.id DESC
        LIMIT $3`,
      [userId, query, limit],
    );
    return rows.map((row) => ({
      type: 'research',
      id: row.id,
      title: row.title,
      snippet: row.snippet || null,
      link: `/research?open=${row.id}`,
      rank: Number(row.rank),
    }));
  }
}
