import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SearchHit, SearchProvider } from '../search/search-provider';
import { prefixTsQuery } from '../search/prefix-tsquery';
import { SearchRegistry } from '../search/search.registry';

interface Row {
  id: number;
  title: string;
  snippet: string | null;
  rank: number;
}

/**
 * Tasks in the header search: the user's tasks whose title, description, category or priority
 * contain every typed word as a prefix, ranked by ts_rank. The snippet is the best passage of the
 * description as plain text (ts_headline with empty delimiters: no markup to escape).
 */
@Injectable()
export class TasksSearchProvider implements SearchProvider, OnModuleInit {
  readonly moduleId = 'organiser';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: SearchRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT t.id, t.title, ts_rank(t."searchVector", q.query) AS rank,
              CASE WHEN t.description IS NULL THEN NULL
                   ELSE ts_headline('simple', t.description, q.query, 'StartSel="", StopSel="", MaxWords=20, MinWords=8')
              END AS snippet
         FROM tasks t, (SELECT ${prefixTsQuery('$2')} AS query) q
        WHERE t."userId" = $1 AND t."searchVector" @@ q.query
        ORDER BY rank DESC, t."updatedAt" DESC, t.id DESC
        LIMIT $3`,
      [userId, query, limit],
    );
    return rows.map((row) => ({ type: 'task', id: row.id, title: row.title, snippet: row.snippet, link: '/tasks', rank: Number(row.rank) }));
  }
}
