import type { MessageCatalog } from './translate';
import { registerMessageCatalog } from './translate';

/** The languages the server translates into (English is the source and needs no catalog). */
export const SERVER_LANGUAGES = ['es', 'fr', 'de', 'ja', 'zh'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

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

const isServerLanguage = (language: string): language is ServerLanguage =>
  (SERVER_LANGUAGES as readonly string[]).includes(language);

/** `language`'s catalog ('de'), read on first use; undefined for English and for languages without one. */
export function serverMessageCatalog(language: string): MessageCatalog | undefined {
  return isServerLanguage(language) ? LOADERS[language]() : undefined;
}

/** Registers the five catalogs for translateMessage; each is read and compiled when first asked for. */
export function registerServerMessageCatalogs(): void {
  for (const language of SERVER_LANGUAGES) registerMessageCatalog(language, LOADERS[language]);
}
