import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { decryptStream, ENCRYPTED_MAGIC, encryptStream } from './backup-encryption';

const PASSPHRASE = 'correct horse battery staple';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// The lowest scrypt cost the format accepts keeps this fast; the header carries the cost to the decrypting side.
const encrypt = async (plain: Buffer) =>
  collect(Readable.from([plain]).pipe(await encryptStream(PASSPHRASE, { logN: 10 })));
const decrypt = (sealed: Buffer, passphrase = PASSPHRASE) =>
  collect(Readable.from([sealed]).pipe(decryptStream(passphrase)));

describe('backup encryption (AES-256-GCM in sealed chunks)', () => {
  // Three full chunks and a part, so chunk boundaries, the counter and the last-chunk flag are all exercised.
  const plain = randomBytes(3 * 64 * 1024 + 1234);
  let sealed: Buffer;
  beforeAll(async () => {
    sealed = await encrypt(plain);
  });

  it('round-trips, starting with the magic that tells restore the file is encrypted', async () => {
    expect(sealed.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
    expect(sealed.includes(plain.subarray(0, 64))).toBe(false);
    expect((await decrypt(sealed)).equals(plain)).toBe(true);
    expect((await decrypt(await encrypt(Buffer.alloc(0)))).length).toBe(0);
  });

  it('refuses a wrong passphrase, an altered byte, a file cut at a chunk boundary and reordered chunks', async () => {
    await expect(decrypt(sealed, 'another passphrase')).rejects.toThrow(
      'The backup could not be decrypted: BACKUP_PASSPHRASE is not the one it was made with, or the file was altered',
    );
    const altered = Buffer.from(sealed);
    altered[altered.length - 100] ^= 1;
    await expect(decrypt(altered)).rejects.toThrow('The backup could not be decrypted');
    // Header (8 + 1 + 16 + 8) and the first two sealed chunks (4 + 64 KiB + 16 each): whole chunks, no last one.
    const header = 33;
    const sealedChunk = 4 + 64 * 1024 + 16;
    await expect(decrypt(sealed.subarray(0, header + 2 * sealedChunk))).rejects.toThrow(
      'The backup file is cut short: its last part is missing',
    );
    const swapped = Buffer.concat([
      sealed.subarray(0, header),
      sealed.subarray(header + sealedChunk, header + 2 * sealedChunk),
      sealed.subarray(header, header + sealedChunk),
      sealed.subarray(header + 2 * sealedChunk),
    ]);
    await expect(decrypt(swapped)).rejects.toThrow('The backup could not be decrypted');
  });
});
