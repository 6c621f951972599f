import { type MessageCatalog, registerMessageCatalog } from '@aide/contracts';
import { defineNamespace } from '@aide/i18n';
import en from './en.json';

type Catalog = Record<string, string>;

/**
 * A language's ui catalog, with the server's messages of that language (@aide/contracts), so the
 * forms show zod's English validation messages translated (translateMessage). Only the active
 * language's are downloaded.
 */
const withServerMessages =
  (locale: string, ui: () => Promise<{ default: Catalog }>, server: () => Promise<{ default: MessageCatalog }>) =>
  async () => {
    const [own, messages] = await Promise.all([ui(), server()]);
    registerMessageCatalog(locale, messages.default);
    return own;
  };

/** libs/ui's own texts (the dashboard card's error, Retry). English is bundled; the rest load on demand. */
export const { useT, t } = defineNamespace('ui', en, {
  es: withServerMessages(
    'es',
    () => import('./es.json'),
    () => import('@aide/contracts/messages/es'),
  ),
  fr: withServerMessages(
    'fr',
    () => import('./fr.json'),
    () => import('@aide/contracts/messages/fr'),
  ),
  de: withServerMessages(
    'de',
    () => import('./de.json'),
    () => import('@aide/contracts/messages/de'),
  ),
  ja: withServerMessages(
    'ja',
    () => import('./ja.json'),
    () => import('@aide/contracts/messages/ja'),
  ),
  zh: withServerMessages(
    'zh',
    () => import('./zh.json'),
    () => import('@aide/contracts/messages/zh'),
  ),
});
