import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The digest's unsubscribe token: the user's id and an HMAC-SHA256 of it under a key derived from
 * the app's secret (SESSION_SECRET, or the generated one in DATA_DIR), for this purpose only. It
 * does not expire (an unsubscribe link in an old mail must still work) and it can do one thing:
 * turn that user's weekly digest off. Every API instance derives the same key from the same secret.
 */
const PURPOSE = 'aide:weekly-digest:unsubscribe';

const signature = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');

export function signUnsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signature(secret, userId)}`;
}

/** The user id the token was signed for, or null when it is malformed or not signed with `secret`. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  const expected = Buffer.from(signature(secret, userId));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
