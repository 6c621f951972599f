import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** Text from scans and bills in documents (issue 26): a catalog part of their own, loaded with the documents screen. */
export const { useT, t } = defineNamespace('documents-recognition', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
