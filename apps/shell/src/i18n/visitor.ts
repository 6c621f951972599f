import { defineNamespace } from '@aide/i18n';
import en from './visitor/en.json';

/**
 * What a signed-out visitor reads (landing page, sign-in, the account pages mail links lead to) and
 * the shell's own fallback pages (404, a locked module, a remote that failed, the loading spinner).
 * English is bundled; the other languages load on demand.
 */
export const { useT, t } = defineNamespace('visitor', en, {
  es: () => import('./visitor/es.json'),
  fr: () => import('./visitor/fr.json'),
  de: () => import('./visitor/de.json'),
  ja: () => import('./visitor/ja.json'),
  zh: () => import('./visitor/zh.json'),
});

export type VisitorT = ReturnType<typeof useT>;
