import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The quick add's texts: a catalog of their own (as the email dashboard's), so the screens that show
 * the box carry these few lines and the organiser's main catalog needs no edit.
 */
export const { useT, t } = defineNamespace('organiser-quickadd', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type QuickAddTextKey = Parameters<typeof t>[0];
