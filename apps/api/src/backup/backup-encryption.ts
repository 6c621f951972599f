import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { promisify } from 'node:util';
import { BackupRefusedError } from './backup-format';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * An encrypted backup starts with these 8 bytes; a plain one is a gzip stream (1f 8b), so restore
 * tells the two apart without being told.
 */
export const ENCRYPTED_MAGIC = Buffer.from('AIDEBAK1', 'ascii');
const SALT_BYTES = 16;
const NONCE_PREFIX_BYTES = 8;
const TAG_BYTES = 16;
/** Plaintext per chunk; each chunk is sealed on its own, so restore never uses bytes it has not authenticated. */
const CHUNK_BYTES = 64 * 1024;
/** scrypt's cost (2^15, r 8: 32 MiB and about 0.1 s per backup or restore). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const HEADER_BYTES = ENCRYPTED_MAGIC.length + SALT_BYTES + NONCE_PREFIX_BYTES;

/** A wrong passphrase or an altered file: a refusal (nothing has been written yet when the manifest fails). */
export class BackupPassphraseError extends BackupRefusedError {
  constructor(message: string) {
    super(message);
    this.name = 'BackupPassphraseError';
  }
}

function nonce(prefix: Buffer, counter: number): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(counter, NONCE_PREFIX_BYTES);
  return value;
}

/**
 * AES-256-GCM in independently sealed chunks (the "STREAM" construction): each chunk's nonce is a
 * random prefix plus its number, and its associated data says whether it is the last one, so chunks
 * cannot be reordered, dropped or cut off at the end without restore noticing. Layout: magic, salt,
 * nonce prefix, then per chunk a 4-byte length, the ciphertext and its 16-byte tag.
 */
export async function encryptStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const prefix = randomBytes(NONCE_PREFIX_BYTES);
  const key = await scrypt(passphrase, salt, 32, SCRYPT);
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(prefix, counter++));
    cipher.setAAD(Buffer.from([last ? 1 : 0]));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, body, cipher.getAuthTag()]);
  };
  let headerSent = false;
  const header = (): Buffer[] => {
    if (headerSent) return [];
    headerSent = true;
    return [Buffer.concat([ENCRYPTED_MAGIC, salt, prefix])];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const out = header();
      pending = Buffer.concat([pending, chunk]);
      // Keep at least one byte back, so the last chunk is always sealed as last in flush().
      while (pending.length > CHUNK_BYTES) {
        out.push(seal(pending.subarray(0, CHUNK_BYTES), false));
        pending = pending.subarray(CHUNK_BYTES);
      }
      done(null, out.length ? Buffer.concat(out) : undefined);
    },
    flush(done: TransformCallback) {
      done(null, Buffer.concat([...header(), seal(pending, true)]));
    },
  });
}

/** The inverse of encryptStream; fails with BackupPassphraseError on a wrong passphrase or altered bytes. */
export function decryptStream(passphrase: string): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let key: Buffer | undefined;
  let prefix: Buffer | undefined;
  let counter = 0;
  let ended = false;
  const wrong = () =>
    new BackupPassphraseError(
      'The backup could not be decrypted: BACKUP_PASSPHRASE is not the one it was made with, or the file was altered',
    );
  const open = async (): Promise<Buffer[]> => {
    const out: Buffer[] = [];
    if (!key) {
      if (buffered.length < HEADER_BYTES) return out;
      const salt = buffered.subarray(ENCRYPTED_MAGIC.length, ENCRYPTED_MAGIC.length + SALT_BYTES);
      prefix = Buffer.from(buffered.subarray(ENCRYPTED_MAGIC.length + SALT_BYTES, HEADER_BYTES));
      key = await scrypt(passphrase, Buffer.from(salt), 32, SCRYPT);
      buffered = buffered.subarray(HEADER_BYTES);
    }
    while (buffered.length >= 4) {
      const length = buffered.readUInt32BE(0);
      if (length > CHUNK_BYTES) throw wrong();
      if (buffered.length < 4 + length + TAG_BYTES) break;
      if (ended) throw wrong();
      const body = buffered.subarray(4, 4 + length);
      const tag = buffered.subarray(4 + length, 4 + length + TAG_BYTES);
      buffered = buffered.subarray(4 + length + TAG_BYTES);
      const attempt = (last: boolean) => {
        const decipher = createDecipheriv('aes-256-gcm', key!, nonce(prefix!, counter));
        decipher.setAAD(Buffer.from([last ? 1 : 0]));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]);
      };
      let plain: Buffer;
      try {
        plain = attempt(false);
      } catch {
        try {
          plain = attempt(true);
          ended = true;
        } catch {
          throw wrong();
        }
      }
      counter++;
      out.push(plain);
    }
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffered = Buffer.concat([buffered, chunk]);
      open().then(
        (out) => done(null, out.length ? Buffer.concat(out) : undefined),
        (error: unknown) => done(error as Error),
      );
    },
    flush(done: TransformCallback) {
      open().then(
        (out) => {
          if (!ended || buffered.length > 0)
            return done(new BackupPassphraseError('The backup file is cut short: its last part is missing'));
          done(null, out.length ? Buffer.concat(out) : undefined);
        },
        (error: unknown) => done(error as Error),
      );
    },
  });
}
