import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The dashboard widgets' texts: a catalog of their own, so the dashboard downloads these few lines
 * and not the email screens' whole catalog.
 */
export const { useT } = defineNamespace('email-dashboard', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
