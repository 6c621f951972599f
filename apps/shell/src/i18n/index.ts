import { type MessageCatalog, registerMessageCatalog } from '@aide/contracts';
import { defineNamespace, registerLocaleResource, type Locale } from '@aide/i18n';
import en from './en.json';

/** The shell's texts: frame, sign-in, landing, profile, admin. English is bundled; the rest load on demand. */
export const { useT, t } = defineNamespace('shell', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});

// The server's messages (zod's validation texts the shell's forms show, via translateMessage) in the
// chosen language, loaded with the catalogs; English needs none.
const serverMessages: Record<Exclude<Locale, 'en'>, () => Promise<{ default: MessageCatalog }>> = {
  es: () => import('@aide/contracts/messages/es'),
  fr: () => import('@aide/contracts/messages/fr'),
  de: () => import('@aide/contracts/messages/de'),
  ja: () => import('@aide/contracts/messages/ja'),
  zh: () => import('@aide/contracts/messages/zh'),
};
registerLocaleResource(async (locale) => {
  if (locale !== 'en') registerMessageCatalog(locale, (await serverMessages[locale]()).default);
});
