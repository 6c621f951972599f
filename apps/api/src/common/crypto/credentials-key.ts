import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecret } from '../secret-file.util';

/** The generated secret's file in DATA_DIR when CREDENTIALS_KEY is unset (like the session secret). */
export const CREDENTIALS_KEY_FILE = 'credentials-key';

/**
 * The 32-byte key for CredentialsCipher: CREDENTIALS_KEY (base64, checked by the env schema) or,
 * when unset, a secret generated once into DATA_DIR. The generated secret is stretched to 32
 * bytes with HKDF so its file can share readOrCreateSecret's format.
 */
export async function loadCredentialsKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'base64');
  return credentialsKeyFromSecret(await readOrCreateSecret(path.join(dataDir, CREDENTIALS_KEY_FILE)));
}

/** The key a generated DATA_DIR/credentials-key secret stands for (backup/ compares keys with it). */
export function credentialsKeyFromSecret(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'aide credentials key', 32));
}
