import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/**
 * The tasks screen's texts for repeating tasks, subtasks and reminders (issue 23): a catalog part of
 * its own, so work on the organiser's main catalog and on this one never collides.
 */
export const { useT, t } = defineNamespace('organiser-tasks-extra', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type TasksExtraKey = Parameters<typeof t>[0];
