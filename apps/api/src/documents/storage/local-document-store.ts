import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type DocumentStore, DocumentStoreNotFoundError } from './document-store';

/** `<userId>/<uuid>` and the like: path segments of letters, digits, '-', '_' and '.', never '.' or '..'. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

export class InvalidDocumentKeyError extends Error {
  constructor(key: string) {
    super(`Invalid document storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidDocumentKeyError';
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/**
 * Documents as files under one folder (DATA_DIR/documents or DOCUMENT_STORAGE_DIR), one file per
 * key. A put writes a temporary file beside its final name, flushes it to disk, renames it into
 * place and flushes the folder: a reader (or a crash) sees the whole file or none, never a part.
 * Temporary names start with '.', which no key segment does, so they never collide with a key.
 */
export class LocalDocumentStore implements DocumentStore {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  /** The file of `key`, refusing anything that could leave the root (`..`, absolute paths, odd characters). */
  private pathOf(key: string): string {
    const segments = key.split('/');
    if (!segments.every((segment) => SEGMENT.test(segment) && !segment.startsWith('..')))
      throw new InvalidDocumentKeyError(key);
    const file = path.resolve(this.root, ...segments);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new InvalidDocumentKeyError(key);
    return file;
  }

  async put(key: string, body: Readable, _options?: { contentType: string; size?: number }): Promise<void> {
    const file = this.pathOf(key);
    const folder = path.dirname(file);
    await mkdir(folder, { recursive: true });
    const temporary = path.join(folder, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);
    try {
      // flush: fsync before the descriptor closes, so the rename below never publishes unflushed bytes.
      await pipeline(body, createWriteStream(temporary, { flags: 'wx', flush: true }));
      await rename(temporary, file);
    } catch (error) {
      body.destroy();
      await unlink(temporary).catch((cleanup: unknown) => {
        if (!isMissing(cleanup)) throw cleanup;
      });
      throw error;
    }
    await syncFolder(folder);
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const handle = await open(file, 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isMissing(error)) throw new DocumentStoreNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}

/** Makes a rename in `folder` durable (the folder's entry list is flushed like a file). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
