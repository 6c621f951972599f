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
/** scrypt's cost as log2 N (r 8): 15 is 32 MiB and a fraction of a second per backup or restore. Kept in the header. */
const DEFAULT_LOG_N = 15;
const LOG_N_RANGE = [10, 20] as const;
const HEADER_BYTES = ENCRYPTED_MAGIC.length + 1 + SALT_BYTES + NONCE_PREFIX_BYTES;
const deriveKey = (passphrase: string, salt: Buffer, logN: number) =>
  scrypt(passphrase, salt, 32, { N: 2 ** logN, r: 8, p: 1, maxmem: 2 ** logN * 8 * 128 * 2 });

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
 * cannot be reordered, dropped or cut off at the end without restore noticing. Layout: magic, scrypt's
 * cost, salt, nonce prefix, then per chunk a 4-byte length, the ciphertext and its 16-byte tag.
 */
export async function encryptStream(passphrase: string, { logN = DEFAULT_LOG_N } = {}): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const prefix = randomBytes(NONCE_PREFIX_BYTES);
  const key = await deriveKey(passphrase, salt, logN);
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
    return [Buffer.concat([ENCRYPTED_MAGIC, Buffer.from([logN]), salt, prefix])];
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
      const logN = buffered[ENCRYPTED_MAGIC.length];
      if (logN < LOG_N_RANGE[0] || logN > LOG_N_RANGE[1]) throw wrong();
      const saltStart = ENCRYPTED_MAGIC.length + 1;
      const salt = Buffer.from(buffered.subarray(saltStart, saltStart + SALT_BYTES));
      prefix = Buffer.from(buffered.subarray(saltStart + SALT_BYTES, HEADER_BYTES));
      key = await deriveKey(passphrase, salt, logN);
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
