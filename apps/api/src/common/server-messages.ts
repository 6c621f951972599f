import { translateMessage } from '@aide/contracts';
import { registerServerMessageCatalogs } from '@aide/contracts/server-messages';

// The server answers in the reader's language (issue 22): every catalog registered once, whoever
// imports this first; each is read when a reader of its language first needs it.
registerServerMessageCatalogs();

/** `message` in `locale` (the catalogs are registered); English and unknown texts unchanged. */
export const serverMessage = (message: string, locale: string): string => translateMessage(message, locale);
