import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The repeat editor's and the repeat summaries' texts ("Every 2 weeks on Mon and Wed"): a catalog of
 * their own, shared by the event form, the task form and quick add. English is bundled; the rest load on demand.
 */
export const { useT, t } = defineNamespace('organiser-repeat', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type RepeatTextKey = Parameters<typeof t>[0];
