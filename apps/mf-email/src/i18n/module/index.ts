import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The few texts module.tsx needs (sidebar label, dashboard widget titles): a catalog of its own, so
 * the first load of every page carries three texts, not the whole module's catalog.
 */
export const { t } = defineNamespace('email-module', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
