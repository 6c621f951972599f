import type { ModuleRegistryEntry, SearchResult } from '@aide/contracts';

/** One option's value: unique across modules, types and ids. */
export const resultKey = (r: SearchResult) => `${r.module}:${r.type}:${r.id}`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface SearchGroup {
  /** The module's title from the registry, else its id capitalised. */
  title: string;
  results: SearchResult[];
}

/** Results grouped by module, in the order the server ranked them (a group where its first result is). */
export function groupSearchResults(
  results: SearchResult[],
  registry: ModuleRegistryEntry[] | null,
  /** The title in the reader's language (the registry's title is English). */
  translate: (id: string, fallback: string) => string = (_id, fallback) => fallback,
): SearchGroup[] {
  const groups = new Map<string, SearchResult[]>();
  for (const r of results) groups.set(r.module, [...(groups.get(r.module) ?? []), r]);
  const titleOf = (id: string) => translate(id, registry?.find((m) => m.id === id)?.title ?? capitalise(id));
  return [...groups].map(([module, items]) => ({ title: titleOf(module), results: items }));
}
