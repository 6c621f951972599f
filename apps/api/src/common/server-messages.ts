import { registerServerMessageCatalogs, translateMessage } from '@aide/contracts';

// The server answers in the reader's language (issue 22): every catalog, once, whoever imports this first.
registerServerMessageCatalogs();

/** `message` in `locale` (the catalogs are registered); English and unknown texts unchanged. */
export const serverMessage = (message: string, locale: string): string => translateMessage(message, locale);
