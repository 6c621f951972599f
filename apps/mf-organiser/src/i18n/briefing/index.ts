import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** The dashboard's "Today's briefing" card (issue 27): a catalog part of its own, loaded with the card. */
export const { useT, t } = defineNamespace('organiser-briefing', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
