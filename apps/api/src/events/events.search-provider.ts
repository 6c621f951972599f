import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { prefixTsQuery } from '../search/prefix-tsquery';
import type { SearchHit, SearchProvider } from '../search/search-provider';
import { SearchRegistry } from '../search/search.registry';

interface Row {
  id: number;
  title: string;
  snippet: string | null;
  rank: number;
}

/**
 * Events in the header search: the user's events whose title, description or location contain
 * every typed word as a prefix, ranked by ts_rank (as tasks.search-provider.ts). The snippet is
 * the best passage of the description, else the location, as plain text.
 */
@Injectable()
export class EventsSearchProvider implements SearchProvider, OnModuleInit {
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
      `SELECT e.id, e.title, ts_rank(e."searchVector", q.query) AS rank,
              CASE WHEN e.description IS NULL THEN e.location
                   ELSE ts_headline('simple', e.description, q.query, 'StartSel="", StopSel="", MaxWords=20, MinWords=8')
              END AS snippet
         FROM events e, (SELECT ${prefixTsQuery('$2')} AS query) q
        WHERE e."userId" = $1 AND e."searchVector" @@ q.query
        ORDER BY rank DESC, e."startTime" DESC, e.id DESC
        LIMIT $3`,
      [userId, query, limit],
    );
    return rows.map((row) => ({ type: 'event', id: row.id, title: row.title, snippet: row.snippet, link: '/calendar', rank: Number(row.rank) }));
  }
}
