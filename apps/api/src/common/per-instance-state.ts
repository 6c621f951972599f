import type { Env } from '../config/env.schema';

/**
 * What an instance keeps on its own unless the environment says otherwise: secrets generated once
 * into DATA_DIR, and documents in a local folder. Right for one instance; with several (a
 * DATABASE_URL they share), each would make its own, and a session signed, a password encrypted,
 * a push subscribed or a document uploaded through one would not work through another.
 * Answers the settings to give every instance (empty when nothing is left to one instance).
 */
export function settingsEveryInstanceNeeds(
  env: Pick<Env, 'DATABASE_URL' | 'SESSION_SECRET' | 'CREDENTIALS_KEY' | 'VAPID_SECRET' | 'DOCUMENT_STORAGE'>,
): string[] {
  if (!env.DATABASE_URL) return [];
  return [
    !env.SESSION_SECRET && 'SESSION_SECRET (else DATA_DIR/session-secret)',
    !env.CREDENTIALS_KEY && 'CREDENTIALS_KEY (else DATA_DIR/credentials-key)',
    !env.VAPID_SECRET && 'VAPID_SECRET (else DATA_DIR/vapid-secret)',
    env.DOCUMENT_STORAGE === 'local' && 'DOCUMENT_STORAGE=s3 (else documents in a local folder)',
  ].filter((setting): setting is string => typeof setting === 'string');
}
