import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type DocumentStore, DocumentStoreNotFoundError } from '../src/documents/storage/document-store';

export interface StoreUnderTest {
  store: DocumentStore;
  /** Everything the store holds, as it names it (keys, or files under its folder), sorted. */
  contents(): Promise<string[]>;
}

/** `bytes` delivered in chunks of `chunk` bytes, one per tick, as an upload arrives. */
function trickle(bytes: Buffer, chunk = 64 * 1024): Readable {
  let offset = 0;
  return new Readable({
    read() {
      setImmediate(() => {
        if (offset >= bytes.length) return this.push(null);
        this.push(bytes.subarray(offset, offset + chunk));
        offset += chunk;
      });
    },
  });
}

/** `bytes`, then an error instead of the end: a client that went away mid-upload. */
function failingAfter(bytes: Buffer, error: Error): Readable {
  let sent = false;
  return new Readable({
    read() {
      setImmediate(() => {
        if (!sent) {
          sent = true;
          this.push(bytes);
        } else {
          this.destroy(error);
        }
      });
    },
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * What every DocumentStore does, whatever keeps the bytes: the local folder and the S3 bucket run
 * this same suite. `setup` runs once (in beforeAll), `teardown` after.
 */
export function documentStoreBehaviour(
  setup: () => Promise<StoreUnderTest>,
  teardown: () => Promise<void> = async () => undefined,
) {
  let subject: StoreUnderTest;
  const key = () => `7/${randomUUID()}`;

  beforeAll(async () => {
    subject = await setup();
  });
  afterAll(() => teardown());

  it('gives back exactly the bytes it was given, streamed in chunks', async () => {
    const bytes = randomBytes(300 * 1024);
    const k = key();
    await subject.store.put(k, trickle(bytes), { contentType: 'application/pdf' });
    const stored = await buffer(await subject.store.get(k));
    expect(stored.length).toBe(bytes.length);
    expect(sha256(stored)).toBe(sha256(bytes));
    expect(await subject.contents()).toContain(k);
    await subject.store.delete(k);
  });

  it('stores a file larger than one S3 part (multipart) whole', async () => {
    const bytes = randomBytes(11 * 1024 * 1024 + 123);
    const k = key();
    await subject.store.put(k, trickle(bytes, 256 * 1024), { contentType: 'application/octet-stream' });
    expect(sha256(await buffer(await subject.store.get(k)))).toBe(sha256(bytes));
    await subject.store.delete(k);
  }, 60_000);

  it('stores an empty file', async () => {
    const k = key();
    await subject.store.put(k, Readable.from([]), { contentType: 'text/plain', size: 0 });
    expect((await buffer(await subject.store.get(k))).length).toBe(0);
    await subject.store.delete(k);
  });

  it('answers DocumentStoreNotFoundError for a key it does not hold', async () => {
    await expect(subject.store.get(key())).rejects.toBeInstanceOf(DocumentStoreNotFoundError);
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    const k = key();
    await subject.store.put(k, Readable.from([Buffer.from('to be deleted')]), { contentType: 'text/plain' });
    await subject.store.delete(k);
    await expect(subject.store.get(k)).rejects.toBeInstanceOf(DocumentStoreNotFoundError);
    await expect(subject.store.delete(k)).resolves.toBeUndefined();
    expect(await subject.contents()).not.toContain(k);
  });

  it.each([
    ['within the first part', 100 * 1024],
    ['after a whole S3 part', 6 * 1024 * 1024],
  ])(
    'leaves nothing behind when the body fails %s',
    async (_when, size) => {
      const before = await subject.contents();
      const k = key();
      const failure = new Error('client went away');
      await expect(
        subject.store.put(k, failingAfter(randomBytes(size), failure), { contentType: 'application/pdf' }),
      ).rejects.toBe(failure);
      await expect(subject.store.get(k)).rejects.toBeInstanceOf(DocumentStoreNotFoundError);
      expect(await subject.contents()).toEqual(before);
    },
    60_000,
  );
}
