import type { MessageCatalog, MessageLocale } from './translate';
import { registerMessageCatalog } from './translate';

/** The languages the server translates into: every MESSAGE_LOCALES but English, the source. */
export type ServerLanguage = Exclude<MessageLocale, 'en'>;

// The server's own entry (`@aide/contracts/server-messages`, never bundled for a browser, which loads
// only the active language's catalog). Each catalog is read when a reader of that language first
// needs it: an API whose readers all read English never holds the five (1.7 MB of heap with their
// compiled templates). A synchronous require, because a translation is asked for synchronously (an
// error answer, a notification's title) and the files are local.
declare const require: (id: string) => { default: MessageCatalog };
const LOADERS: Record<ServerLanguage, () => MessageCatalog> = {
  es: () => require('./messages.es').default,
  fr: () => require('./messages.fr').default,
  de: () => require('./messages.de').default,
  ja: () => require('./messages.ja').default,
  zh: () => require('./messages.zh').default,
};

/** The languages with a catalog, in MESSAGE_LOCALES' order (a new locale there must get a loader here). */
export const SERVER_LANGUAGES = Object.keys(LOADERS) as ServerLanguage[];

/** `language`'s catalog ('de'), read on first use; undefined for English and for languages without one. */
export function serverMessageCatalog(language: string): MessageCatalog | undefined {
  return Object.hasOwn(LOADERS, language) ? LOADERS[language as ServerLanguage]() : undefined;
}

/** Registers the five catalogs for translateMessage; each is read and compiled when first asked for. */
export function registerServerMessageCatalogs(): void {
  for (const language of SERVER_LANGUAGES) registerMessageCatalog(language, LOADERS[language]);
}
