import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The New Message window's texts (issue 24): a catalog of their own, loaded with the window and the
 * account settings' signature field.
 */
export const { useT: useComposeT } = defineNamespace('email-compose', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
