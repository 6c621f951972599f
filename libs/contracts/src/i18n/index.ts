export {
  hasMessageCatalog,
  MESSAGE_LOCALES,
  messageLocaleFrom,
  registerMessageCatalog,
  translateMessage,
  type MessageCatalog,
  type MessageLocale,
} from './translate';

// The server's catalogs, read on first use: `@aide/contracts/server-messages` (server.ts). A browser
// loads only the active language's, `import('@aide/contracts/messages/es')`, and registers it.
