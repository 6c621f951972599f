import { defineNamespace } from '@aide/i18n';
import en from './en.json';

/** The email module's texts (screens, dialogs, toasts, widgets). English is bundled; the rest load on demand. */
export const { useT, t } = defineNamespace('email', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type EmailTextKey = Parameters<typeof t>[0];

/**
 * An object whose fields read their text in the language active now (a getter per field), for the
 * exported text tables other code and tests import: `PANEL_TEXT.synced` is 'Email sync completed' in English.
 */
export function textsOf<Fields extends Record<string, EmailTextKey>>(
  keys: Fields,
): { readonly [F in keyof Fields]: string } {
  const texts = {} as { [F in keyof Fields]: string };
  for (const [field, key] of Object.entries(keys))
    Object.defineProperty(texts, field, { get: () => t(key), enumerable: true });
  return texts;
}
