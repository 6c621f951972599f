import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The Scheduled tab's name alone: the email screen's first load shows it, so it does not pull in the
 * outbox's whole catalog (../index.ts), which comes with the tab and the Send notification.
 */
export const { useT } = defineNamespace('email-outbox-tab', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
