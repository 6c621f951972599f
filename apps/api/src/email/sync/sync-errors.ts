import type { EmailProvider, MailServer } from '@aide/contracts';

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
const TIMED_OUT = new Set(['ETIMEDOUT', 'ETIMEOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ESOCKETTIMEDOUT']);
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'NoConnection', 'ClosedAfterConnectTLS', 'ClosedAfterConnectText']);
const UNTRUSTED = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/;

/**
 * A sync failure in words for the account's lastSyncError and the notification: what happened with
 * which server, and what to check. Unknown errors keep their own message (never a stack).
 */
export function describeSyncError(error: unknown, server: Pick<MailServer, 'host' | 'port'>): string {
  const e = (error && typeof error === 'object' ? error : {}) as { code?: unknown; message?: unknown; responseText?: unknown; responseStatus?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (NOT_FOUND.has(code)) return `Could not find the mail server ${server.host}: check the IMAP host`;
  if (code === 'ECONNREFUSED') return `The mail server ${server.host}:${server.port} refused the connection: check the IMAP host and port`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `The mail server ${server.host} cannot be reached from here`;
  if (TIMED_OUT.has(code) || /timed? ?out/i.test(message)) return `The mail server ${server.host} did not answer in time`;
  if (UNTRUSTED.test(code)) return `The certificate of the mail server ${server.host} could not be verified (${code})`;
  if (DROPPED.has(code)) return `The connection to the mail server ${server.host} was lost during the sync`;
  if (typeof e.responseText === 'string' && e.responseText.trim()) return `The mail server ${server.host} answered: ${e.responseText.trim()}`;
  return message;
}
