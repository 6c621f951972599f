import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type SearchHit, SearchProvider } from '../search/search-provider';
import { searchUserRows } from '../search/search-user-rows';

/** Tasks in the header search: title, description, category and priority, by word prefix. */
@SearchProvider()
@Injectable()
export class TasksSearchProvider implements SearchProvider {
  readonly moduleId = 'organiser';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  search(userId: number, query: string, limit: number): Promise<SearchHit[]> {
    return searchUserRows(
      this.dataSource,
      { table: 'tasks', type: 'task', link: '/tasks', tieBreak: 'updatedAt' },
      userId,
      query,
      limit,
    );
  }
}
