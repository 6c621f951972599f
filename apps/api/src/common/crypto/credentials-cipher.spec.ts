import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CredentialsCipher } from './credentials-cipher';
import { loadCredentialsKey } from './credentials-key';

const secret = { username: 'ada', password: 'hunter2-very-secret' };

describe('CredentialsCipher', () => {
  const cipher = new CredentialsCipher(randomBytes(32));

  it('round-trips a value and never stores it in clear', () => {
    const stored = cipher.encrypt(secret);
    expect(stored).not.toContain('hunter2');
    expect(Buffer.from(stored.split(':')[3], 'base64').toString('utf8')).not.toContain('hunter2');
    expect(cipher.decrypt(stored)).toEqual(secret);
  });

  it('uses a fresh IV each time, so equal secrets look different', () => {
    expect(cipher.encrypt(secret)).not.toBe(cipher.encrypt(secret));
  });

  it('refuses to decrypt with another key or a tampered value, without echoing it', () => {
    const stored = cipher.encrypt(secret);
    expect(() => new CredentialsCipher(randomBytes(32)).decrypt(stored)).toThrow('could not be decrypted');
    const [v, iv, tag, data] = stored.split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] ^= 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow('could not be decrypted');
    expect(() => cipher.decrypt('garbage')).toThrow('could not be decrypted');
  });

  it('insists on a 32-byte key', () => {
    expect(() => new CredentialsCipher(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('loadCredentialsKey', () => {
  it('decodes CREDENTIALS_KEY when set', async () => {
    const key = randomBytes(32);
    expect((await loadCredentialsKey(key.toString('base64'), '/nonexistent')).equals(key)).toBe(true);
  });

  it('otherwise generates a key once into DATA_DIR and reuses it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aide-key-'));
    try {
      const first = await loadCredentialsKey(undefined, dir);
      expect(first).toHaveLength(32);
      expect((await loadCredentialsKey(undefined, dir)).equals(first)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
