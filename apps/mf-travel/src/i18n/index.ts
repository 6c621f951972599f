import { defineNamespace } from '@aide/i18n';
import { TRAVEL_MESSAGES } from '@aide/contracts';
import en from './en.json';

/** The Travel Planner's texts. English is bundled; the other languages load when chosen. */
export const { useT, t } = defineNamespace('travel', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type TravelKey = Parameters<typeof t>[0];

/** The contracts' English messages (toasts, validation, the API's answers) → their catalog keys. */
const MESSAGE_KEYS = new Map<string, TravelKey>();
for (const [name, text] of Object.entries(TRAVEL_MESSAGES)) {
  const key = `messages.${name}`;
  if (key in en) MESSAGE_KEYS.set(text, key as TravelKey);
}

/**
 * A message from @aide/contracts or the server in the reader's language: a known English text is
 * translated; anything else (a server reason we do not know) is shown as it came.
 */
export function messageText(message: string): string;
export function messageText(message: string | undefined): string | undefined;
export function messageText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = MESSAGE_KEYS.get(message);
  return key ? t(key) : message;
}
