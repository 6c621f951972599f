import type { ModuleRegistryEntry, SearchResult } from '@aide/contracts';
import { groupSearchResults, resultKey } from './searchGroups';

const result = (module: string, type: string, id: number, title: string): SearchResult => ({
  module,
  type,
  id,
  title,
  snippet: null,
  link: `/${module}`,
});
const registry: ModuleRegistryEntry[] = [
  { id: 'organiser', title: 'Organiser', routes: ['/'], manifestUrl: '/remotes/organiser/mf-manifest.json' },
  { id: 'email', title: 'Email & Inbox', routes: ['/email'], manifestUrl: '/remotes/email/mf-manifest.json' },
];

describe('groupSearchResults', () => {
  it('groups results under their module, in the order the server ranked them', () => {
    const results = [
      result('email', 'email', 7, 'Invoice from Ada'),
      result('organiser', 'task', 1, 'Pay invoice'),
      result('email', 'email', 9, 'Re: invoice'),
      result('organiser', 'event', 3, 'Invoice review'),
    ];
    expect(groupSearchResults(results, registry).map((g) => [g.title, g.results.map((r) => r.title)])).toEqual([
      ['Email & Inbox', ['Invoice from Ada', 'Re: invoice']],
      ['Organiser', ['Pay invoice', 'Invoice review']],
    ]);
  });

  it('titles a module the registry does not list (or before it loads) by its id, capitalised', () => {
    expect(groupSearchResults([result('travel', 'trip', 2, 'Lisbon')], registry).map((g) => g.title)).toEqual([
      'Travel',
    ]);
    expect(groupSearchResults([result('research', 'report', 4, 'Heat')], null).map((g) => g.title)).toEqual([
      'Research',
    ]);
  });

  it('shows no groups for no results', () => {
    expect(groupSearchResults([], registry)).toEqual([]);
  });
});

describe('resultKey', () => {
  it('tells apart results with the same id in different modules or types', () => {
    const keys = [
      result('organiser', 'task', 1, 'a'),
      result('organiser', 'event', 1, 'b'),
      result('email', 'task', 1, 'c'),
    ].map(resultKey);
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toBe('organiser:task:1');
  });
});
