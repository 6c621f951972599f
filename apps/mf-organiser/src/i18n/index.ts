import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** The organiser's texts: dashboard, tasks, calendar. English is bundled; the rest load on demand. */
export const { useT, t } = defineNamespace('organiser', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type OrganiserKey = Parameters<typeof t>[0];

/**
 * A record of labels read in the active language each time, e.g. `{ high: 'High' }` from
 * `{ high: 'tasks.priority.high' }`: a fixed map of keys whose values follow the language.
 */
export function labels<K extends string>(keys: Record<K, OrganiserKey>): Readonly<Record<K, string>> {
  const record = {} as Record<K, string>;
  for (const [name, key] of Object.entries(keys) as [K, OrganiserKey][]) {
    Object.defineProperty(record, name, { enumerable: true, get: () => t(key) });
  }
  return record;
}
