import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12; // GCM's recommended nonce size
const TAG_BYTES = 16;
/** Stored format: a version tag, then base64 IV, auth tag and ciphertext, so the key or scheme can change later. */
const PREFIX = 'v1';

/**
 * Encrypts credentials (passwords, OAuth tokens) for storage: AES-256-GCM with a fresh random IV
 * per value, so equal secrets never look alike, and an authentication tag, so a wrong key or a
 * tampered value fails to decrypt instead of yielding garbage.
 */
export class CredentialsCipher {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The credentials key must be 32 bytes');
    this.key = Buffer.from(key);
  }

  encrypt(value: unknown): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [PREFIX, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(
      ':',
    );
  }

  /** Throws 'Stored credentials could not be decrypted' on a wrong key or a damaged value (never echoing it). */
  decrypt<T>(stored: string): T {
    const [prefix, iv, tag, ciphertext] = stored.split(':');
    try {
      if (prefix !== PREFIX || !iv || !tag || ciphertext === undefined) throw new Error('unknown format');
      const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64'), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
        'utf8',
      );
      return JSON.parse(plain) as T;
    } catch {
      throw new Error('Stored credentials could not be decrypted (was CREDENTIALS_KEY changed?)');
    }
  }
}
