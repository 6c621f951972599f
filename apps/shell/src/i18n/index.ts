import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** The shell's texts: frame, sign-in, landing, profile, admin. English is bundled; the rest load on demand. */
export const { useT, t } = defineNamespace('shell', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
