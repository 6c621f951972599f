import { translateMessage } from '@aide/contracts';
import { getLocale } from '@aide/i18n';

/** A message of @aide/contracts (a zod validation text, English) in the language shown now. */
export function shownMessage(message: string): string;
export function shownMessage(message: string | undefined): string | undefined;
export function shownMessage(message: string | undefined): string | undefined {
  return message === undefined ? undefined : translateMessage(message, getLocale());
}
