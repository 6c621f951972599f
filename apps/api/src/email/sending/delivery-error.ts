import { OUTBOUND_MESSAGES } from '@aide/contracts';
import { isAuthenticationFailure, MailServerUnreachableError } from '../mail-access';

/** Kept with a draft; long server answers are cut. */
const MAX_CHARS = 500;

const UNREACHABLE = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPROTOCOL',
  'ETLS',
]);

/**
 * Why a message could not be sent, in words a user can act on (stored as the draft's
 * metadata.deliveryError). Not reaching the server (refused by the outbound policy, a closed port,
 * silence, not SMTP) reads the same whatever the cause, naming only the host.
 */
export function describeDeliveryError(error: unknown, host = 'the mail server'): string {
  if (error instanceof MailServerUnreachableError) return error.message;
  const e = (error && typeof error === 'object' ? error : {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const detail = (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').trim();
  let reason: string;
  if (isAuthenticationFailure(error)) reason = `The mail server did not accept the account's sign-in (${detail})`;
  else if (typeof e.responseCode === 'number' && e.responseCode >= 400)
    reason = `The mail server refused the message: ${detail}`;
  else if (e.code && UNREACHABLE.has(e.code)) reason = OUTBOUND_MESSAGES.couldNotConnect(host);
  else reason = `Sending failed: ${detail}`;
  return reason.length <= MAX_CHARS ? reason : `${reason.slice(0, MAX_CHARS - 1)}…`;
}
