import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** Snooze and bulk actions (issue 24): a catalog part of their own, loaded with the email screen. */
export const { useT, t } = defineNamespace('email-actions', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
