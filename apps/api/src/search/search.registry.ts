import { Injectable } from '@nestjs/common';
import type { SearchProvider } from './search-provider';

/**
 * The search providers of every domain module, registered at start-up.
 *
 * Adding search to a module (e.g. the calendar's events):
 *  1. Write an @Injectable() class implementing SearchProvider in that module's folder, with
 *     `moduleId` set to its module group and `search()` returning only the user's rows, ranked
 *     (see tasks/tasks.search-provider.ts: a generated tsvector column with a GIN index, queried
 *     through searchUserRows() from search-user-rows.ts).
 *  2. In its constructor or onModuleInit, call `registry.register(this)`.
 *  3. Import SearchModule in the domain module and list the class in its providers.
 * The search service then gates it by the module's toggle and caps its results; nothing else changes.
 */
@Injectable()
export class SearchRegistry {
  private readonly providers: SearchProvider[] = [];

  register(provider: SearchProvider): void {
    if (!this.providers.includes(provider)) this.providers.push(provider);
  }

  all(): readonly SearchProvider[] {
    return this.providers;
  }
}
