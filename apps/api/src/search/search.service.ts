import { SEARCH_RESULTS_PER_MODULE, type SearchResponse, type SearchResult } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import type { SearchHit, SearchProvider } from './search-provider';
import { SearchRegistry } from './search.registry';

/** The header's search over every module the user may use. */
@Injectable()
export class SearchService {
  private readonly logger = new Logger('Search');

  constructor(
    private readonly registry: SearchRegistry,
    private readonly toggles: FeatureTogglesService,
  ) {}

  /**
   * Asks the providers of the user's available modules in parallel; keeps each module's best
   * SEARCH_RESULTS_PER_MODULE, modules in registration order. A provider that fails is logged
   * and left out, so one broken module does not break the search box.
   */
  async search(user: ToggleSubject & { id: number }, query: string): Promise<SearchResponse> {
    const providers = this.registry.all();
    const available = await this.toggles.availableModules(user, [...new Set(providers.map((p) => p.moduleId))]);
    const asked = providers.filter((provider) => available.has(provider.moduleId));
    const answers = await Promise.all(asked.map((provider) => this.ask(provider, user.id, query)));

    const byModule = new Map<string, SearchHit[]>();
    asked.forEach((provider, i) =>
      byModule.set(provider.moduleId, [...(byModule.get(provider.moduleId) ?? []), ...answers[i]]),
    );
    const results: SearchResult[] = [];
    for (const [module, hits] of byModule) {
      const best = hits.sort((a, b) => b.rank - a.rank).slice(0, SEARCH_RESULTS_PER_MODULE);
      results.push(...best.map(({ rank: _rank, ...hit }) => ({ module, ...hit })));
    }
    return { query, results };
  }

  private async ask(provider: SearchProvider, userId: number, query: string): Promise<SearchHit[]> {
    try {
      return await provider.search(userId, query, SEARCH_RESULTS_PER_MODULE);
    } catch (error) {
      this.logger.error(
        `The ${provider.moduleId} search provider failed`,
        error instanceof Error ? error.stack : String(error),
      );
      return [];
    }
  }
}
