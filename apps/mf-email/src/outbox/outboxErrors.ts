import { OUTBOX_ERRORS } from '@aide/contracts';
import type { useT } from '../i18n/outbox';

/**
 * Why a message was not sent, for the reader: the outbox's own reasons (OUTBOX_ERRORS) in the
 * reader's language; the mail server's reasons as it gave them (its own words, e.g. "550 No such user").
 */
export function outboxErrorText(error: string | null, t: ReturnType<typeof useT>): string | undefined {
  if (!error) return undefined;
  if (error === OUTBOX_ERRORS.interrupted) return t('error.interrupted');
  if (error === OUTBOX_ERRORS.accountUnavailable) return t('error.accountUnavailable');
  return error;
}
