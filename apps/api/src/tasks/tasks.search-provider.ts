import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SearchHit, SearchProvider } from '../search/search-provider';
import { searchUserRows } from '../search/search-user-rows';
import { SearchRegistry } from '../search/search.registry';

/** Tasks in the header search: title, description, category and priority, by word prefix. */
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
