import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** Social Media's texts: the screen, its dialogs and the dashboard card. English is bundled; the rest load on demand. */
export const { useT, t } = defineNamespace('social', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type SocialT = ReturnType<typeof useT>;
