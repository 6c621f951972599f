import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { SearchProvider } from './search-provider';

/**
 * The search providers of every domain module, found at start-up: each provider class marked
 * with the @SearchProvider() decorator, in module order.
 *
 * Adding search to a module (e.g. the calendar's events):
 *  1. Write a class implementing SearchProvider in that module's folder, marked
 *     `@SearchProvider() @Injectable()`, with `moduleId` set to its module group and `search()`
 *     returning only the user's rows, ranked (see tasks/tasks.search-provider.ts: a generated
 *     tsvector column with a GIN index, queried through searchUserRows() from search-user-rows.ts).
 *  2. List the class in the domain module's providers.
 * The search service then gates it by the module's toggle and caps its results; nothing else changes.
 */
@Injectable()
export class SearchRegistry implements OnModuleInit {
  private providers: readonly SearchProvider[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.providers = this.discovery
      .getProviders({ metadataKey: SearchProvider.KEY })
      .map((wrapper) => wrapper.instance as SearchProvider)
      .filter((instance) => instance !== undefined && instance !== null);
  }

  all(): readonly SearchProvider[] {
    return this.providers;
  }
}
