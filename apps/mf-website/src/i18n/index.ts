import { defineNamespace } from '@aide/i18n';
import { WEBSITE_MESSAGES } from '@aide/contracts';
import { SETTINGS_MESSAGES } from '../website/settingsForm';
import en from './en.json';

/** The Website Manager's texts (screen and dashboard widgets). English is bundled; the rest load when chosen. */
export const { useT, t } = defineNamespace('website', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

export type WebsiteKey = Parameters<typeof t>[0];

const has = (key: string): key is WebsiteKey => key in en;

/** The contracts' and the form's English messages (toasts, validation, the API's answers) → their catalog keys. */
const MESSAGE_KEYS = new Map<string, WebsiteKey>([
  [SETTINGS_MESSAGES.passwordRequired, 'settings.passwordRequired'],
  [SETTINGS_MESSAGES.usernameRequired, 'settings.usernameRequired'],
]);
for (const [name, text] of Object.entries(WEBSITE_MESSAGES)) {
  const key = `messages.${name}`;
  if (has(key)) MESSAGE_KEYS.set(text, key);
}

/** A message from @aide/contracts or the server in the reader's language; an unknown one as it came. */
export function messageText(message: string): string;
export function messageText(message: string | undefined): string | undefined;
export function messageText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = MESSAGE_KEYS.get(message);
  return key ? t(key) : message;
}

/** An audit check's name in the reader's language (header names and brand names stay as the server gives them). */
export function checkLabel(kind: 'seo' | 'security', id: string, label: string): string {
  const key = `checks.${kind}.${id}`;
  return has(key) ? t(key) : label;
}
