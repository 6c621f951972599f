import { type EmailProvider, type MailServer, OUTBOUND_MESSAGES } from '@aide/contracts';

/**
 * The account's lastSyncError after the server refused its credentials. A gmail account may sign
 * in with an app password or with Google (OAuth), so its advice covers both.
 */
export function signInRefusedMessage(email: string, provider: EmailProvider): string {
  return provider === 'gmail'
    ? `The mail server refused the sign-in for ${email}: check the app password, or connect the account again`
    : `The mail server refused the sign-in for ${email}: check the password`;
}

const NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);
const TIMED_OUT = new Set([
  'ETIMEDOUT',
  'ETIMEOUT',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ESOCKETTIMEDOUT',
]);
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'NoConnection', 'ClosedAfterConnectTLS', 'ClosedAfterConnectText']);
const UNTRUSTED = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/;

/**
 * A sync failure in words for the account's lastSyncError and the notification: what happened with
 * which server, and what to check. Every way of not reaching the server (not found, an address the
 * outbound policy refuses, a closed port, silence, a dropped or untrusted connection) reads the
 * same, so that answers cannot map what listens where. Unknown errors keep their own message
 * (never a stack).
 */
export function describeSyncError(error: unknown, server: Pick<MailServer, 'host' | 'port'>): string {
  const e = (error && typeof error === 'object' ? error : {}) as {
    code?: unknown;
    message?: unknown;
    responseText?: unknown;
    responseStatus?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  const unreachable =
    NOT_FOUND.has(code) ||
    code === 'ECONNREFUSED' ||
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH' ||
    TIMED_OUT.has(code) ||
    /timed? ?out/i.test(message) ||
    UNTRUSTED.test(code) ||
    DROPPED.has(code);
  if (unreachable) return OUTBOUND_MESSAGES.couldNotConnect(server.host);
  if (typeof e.responseText === 'string' && e.responseText.trim())
    return `The mail server ${server.host} answered: ${e.responseText.trim()}`;
  return message;
}
