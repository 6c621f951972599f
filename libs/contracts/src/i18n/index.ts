import de from './messages.de';
import es from './messages.es';
import fr from './messages.fr';
import ja from './messages.ja';
import zh from './messages.zh';
import { type MessageCatalog, registerMessageCatalog } from './translate';

export {
  hasMessageCatalog,
  MESSAGE_LOCALES,
  messageLocaleFrom,
  registerMessageCatalog,
  translateMessage,
  type MessageCatalog,
  type MessageLocale,
} from './translate';

/**
 * Every language's catalog, for the server (which answers in any of them). A browser loads only the
 * active language's, `import('@aide/contracts/messages/es')`, and registers it.
 */
export const SERVER_MESSAGE_CATALOGS: Readonly<Record<'es' | 'fr' | 'de' | 'ja' | 'zh', MessageCatalog>> = {
  es,
  fr,
  de,
  ja,
  zh,
};

/** Registers all five catalogs (the API does, once, at start). */
export function registerServerMessageCatalogs(): void {
  for (const [locale, messages] of Object.entries(SERVER_MESSAGE_CATALOGS)) registerMessageCatalog(locale, messages);
}
