import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** The link on an itinerary activity or expense that came from a confirmation email. */
export const { useT } = defineNamespace('travel.fromEmail', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
