import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The few texts the shell reads from this remote's module entry (sidebar label, dashboard widget titles),
 * kept apart from the screen's catalog so the entry every page loads stays small.
 */
export const { t } = defineNamespace('website.module', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
