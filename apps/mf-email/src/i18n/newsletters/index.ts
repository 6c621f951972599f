import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** The Newsletters view's and the privacy bar's texts (issue 24): a catalog part of their own. */
export const { useT, t } = defineNamespace('email-newsletters', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
