import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The outbox's texts (issue 24, scheduled send and undo send): the Sending… / Undo notification,
 * the Scheduled tab, Reschedule. A catalog of its own, so the part's texts travel with it.
 */
export const { useT, t } = defineNamespace('email-outbox', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
