import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** Reply help and triage texts (issue 24): a catalog of their own, loaded with the email screen. */
export const { useT } = defineNamespace('email-assist', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
