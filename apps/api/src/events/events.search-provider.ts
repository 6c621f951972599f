import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SearchHit, SearchProvider } from '../search/search-provider';
import { searchUserRows } from '../search/search-user-rows';
import { SearchRegistry } from '../search/search.registry';

/** Events in the header search: title, description and location, by word prefix; the location stands in for a missing description. */
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
