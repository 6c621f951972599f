import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** Conversations (issue 24): the list's grouping switch, a conversation row's count and the thread view. */
export const { useT, t } = defineNamespace('email-threads', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
