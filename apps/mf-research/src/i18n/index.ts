import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** The Research Hub's texts: the screen, its dialogs and the dashboard widgets. English is bundled; the rest load on demand. */
export const { useT, t } = defineNamespace('research', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type ResearchT = ReturnType<typeof useT>;
