import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { prefixTsQuery } from '../search/prefix-tsquery';
import { type SearchHit, SearchProvider } from '../search/search-provider';
import { documentMatchSql } from './documents.service';

/**
 * Documents in the header search: file name, tags, summary and extracted text, by word prefix,
 * archived ones included. The snippet is the passage of the text (or summary) that matched; the
 * link opens the document on the Documents screen.
 */
@SearchProvider()
@Injectable()
export class DocumentsSearchProvider implements SearchProvider {
  readonly moduleId = 'documents';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    const rows: { id: number; title: string; snippet: string | null; rank: number }[] = await this.dataSource.query(
      `WITH q AS (SELECT ${prefixTsQuery('$2')} AS query),
            hits AS (
              SELECT d.id, d."originalName", d.content, d.summary, d."uploadedAt", ts_rank(d."searchVector", q.query) AS rank
                FROM documents d, q
               WHERE d."userId" = $1 AND d."searchVector" @@ q.query
               ORDER BY rank DESC, d."uploadedAt" DESC, d.id DESC
               LIMIT $3)
       SELECT d.id, d."originalName" AS title, d.rank, ${documentMatchSql('d', 'q.query', '$4')} AS snippet
         FROM hits d, q
        ORDER BY d.rank DESC, d."uploadedAt" DESC, d.id DESC`,
      [userId, query, limit, EXTRACTED_TEXT_MARKER],
    );
    return rows.map((row) => ({
      type: 'document',
      id: row.id,
      title: row.title,
      snippet: row.snippet,
      link: `/documents?open=${row.id}`,
      rank: Number(row.rank),
    }));
  }
}
