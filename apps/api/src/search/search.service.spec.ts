import { Injectable, Logger } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { type SearchHit, SearchProvider } from './search-provider';
import { SearchRegistry } from './search.registry';
import { SearchService } from './search.service';

const hit = (id: number, rank: number): SearchHit => ({
  type: 'thing',
  id,
  title: `Thing ${id}`,
  snippet: null,
  link: '/things',
  rank,
});
const provider = (moduleId: string, hits: SearchHit[] | Error): SearchProvider & { calls: unknown[][] } => {
  const calls: unknown[][] = [];
  return {
    moduleId,
    calls,
    async search(...args) {
      calls.push(args);
      if (hits instanceof Error) throw hits;
      return hits;
    },
  };
};
/** Toggles that allow exactly `allowed`. */
const toggles = (allowed: string[]) =>
  ({
    availableModules: async (_user: unknown, ids: readonly string[]) =>
      new Set(ids.filter((id) => allowed.includes(id))),
  }) as unknown as FeatureTogglesService;
/** A registry holding these providers, as discovery would find them. */
const registryOf = (...providers: SearchProvider[]) => ({ all: () => providers }) as unknown as SearchRegistry;
const user = { id: 7, role: 'user', plan: 'free' } as const;

describe('SearchService', () => {
  it('asks only the providers of modules the user may use, with the user, the query and the per-module limit', async () => {
    const organiser = provider('organiser', [hit(1, 0.5)]);
    const email = provider('email', [hit(2, 0.9)]);
    const registry = registryOf(organiser, email);
    const response = await new SearchService(registry, toggles(['organiser'])).search(user, 'rep');
    expect(response).toEqual({
      query: 'rep',
      results: [{ module: 'organiser', type: 'thing', id: 1, title: 'Thing 1', snippet: null, link: '/things' }],
    });
    expect(organiser.calls).toEqual([[7, 'rep', 5]]);
    expect(email.calls).toEqual([]);
  });

  it("merges one module's providers by rank and keeps the best five; modules stay in registration order", async () => {
    const registry = registryOf(
      provider('organiser', [hit(1, 0.9), hit(2, 0.5), hit(3, 0.1)]),
      provider('email', [hit(10, 1)]),
      provider('organiser', [hit(4, 0.8), hit(5, 0.4), hit(6, 0.3), hit(7, 0.05)]),
    );
    const { results } = await new SearchService(registry, toggles(['organiser', 'email'])).search(user, 'x');
    expect(results.map((r) => [r.module, r.id])).toEqual([
      ['organiser', 1],
      ['organiser', 4],
      ['organiser', 2],
      ['organiser', 5],
      ['organiser', 6],
      ['email', 10],
    ]);
  });

  it('leaves out a provider that fails, logging it, and answers the others', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const registry = registryOf(provider('email', new Error('IMAP index down')), provider('organiser', [hit(1, 0.5)]));
    const { results } = await new SearchService(registry, toggles(['organiser', 'email'])).search(user, 'x');
    expect(results.map((r) => r.id)).toEqual([1]);
    expect(error).toHaveBeenCalledWith('The email search provider failed', expect.stringContaining('IMAP index down'));
    error.mockRestore();
  });

  it('finds the providers marked @SearchProvider() at start-up, in module order, and no others', async () => {
    @SearchProvider()
    @Injectable()
    class OrganiserSearch implements SearchProvider {
      readonly moduleId = 'organiser';
      search = async () => [];
    }
    @SearchProvider()
    @Injectable()
    class EmailSearch implements SearchProvider {
      readonly moduleId = 'email';
      search = async () => [];
    }
    @Injectable()
    class NotASearchProvider {
      readonly moduleId = 'travel';
    }
    const app = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [SearchRegistry, OrganiserSearch, NotASearchProvider, EmailSearch],
    }).compile();
    await app.init();
    expect(app.get(SearchRegistry).all()).toEqual([app.get(OrganiserSearch), app.get(EmailSearch)]);
    await app.close();
  });
});
