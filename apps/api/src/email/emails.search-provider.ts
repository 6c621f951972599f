import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { prefixTsQuery } from '../search/prefix-tsquery';
import { type SearchHit, SearchProvider } from '../search/search-provider';

/**
 * Emails in the header search: subject, sender and body, by word prefix (searchUserRows' query
 * over emails' own columns). The snippet is the best passage of the body's start, or the sender.
 * Deleted mail (the Trash) is left out, as mail clients do.
 */
@SearchProvider()
@Injectable()
export class EmailsSearchProvider implements SearchProvider {
  readonly moduleId = 'email';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    const rows: { id: number; title: string; snippet: string; rank: number }[] = await this.dataSource.query(
      `SELECT r.id, CASE WHEN r.subject = '' THEN '(no subject)' ELSE r.subject END AS title,
              ts_rank(r."searchVector", q.query) AS rank,
              CASE WHEN r.body = '' THEN r."from"
                   ELSE ts_headline('simple', left(r.body, 20000), q.query, 'StartSel="", StopSel="", MaxWords=20, MinWords=8')
              END AS snippet
         FROM emails r, (SELECT ${prefixTsQuery('$2')} AS query) q
        WHERE r."userId" = $1 AND r."searchVector" @@ q.query AND r."isTrashed" = false
        ORDER BY rank DESC, r."receivedAt" DESC, r.id DESC
        LIMIT $3`,
      [userId, query, limit],
    );
    return rows.map((row) => ({
      type: 'email',
      id: row.id,
      title: row.title,
      snippet: row.snippet,
      link: '/email',
      rank: Number(row.rank),
    }));
  }
}
