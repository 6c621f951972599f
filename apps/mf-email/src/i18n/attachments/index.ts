import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** Attachments into Documents (issue 26): the email dialog's save action and the attachment rules. */
export const { useT, t } = defineNamespace('email-attachments', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
