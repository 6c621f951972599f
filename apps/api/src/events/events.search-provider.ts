import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type SearchHit, SearchProvider } from '../search/search-provider';
import { searchUserRows } from '../search/search-user-rows';

/** Events in the header search: title, description and location, by word prefix; the location stands in for a missing description. */
@SearchProvider()
@Injectable()
export class EventsSearchProvider implements SearchProvider {
  readonly moduleId = 'organiser';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    return searchUserRows(
      this.dataSource,
      { table: 'events', type: 'event', link: '/calendar', snippetFallback: 'location', tieBreak: 'startTime' },
      userId,
      query,
      limit,
    );
  }
}
