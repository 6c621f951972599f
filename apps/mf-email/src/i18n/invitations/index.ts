import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** The meeting invitation card's texts (issue 26): a catalog part of its own. */
export const { useT, t } = defineNamespace('email-invitations', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
