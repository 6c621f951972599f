import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The calendar's texts for repeating events, reminders, scoped changes and time blocks: a catalog of
 * their own beside the organiser's, so the parts of issue 23 merge without touching one file. English
 * is bundled; the rest load on demand.
 */
export const { useT, t } = defineNamespace('organiser-calendar', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type CalendarExtraKey = Parameters<typeof t>[0];
