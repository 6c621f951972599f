import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** A document's link back to the email it was saved from (issue 26). */
export const { useT, t } = defineNamespace('documents-source-email', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
