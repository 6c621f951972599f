import type { Readable } from 'node:stream';

/**
 * Where documents' bytes live: local disk under the data folder (the default) or any S3-compatible
 * store, chosen by configuration alone (DOCUMENT_STORAGE). Keys are made by the API
 * (`<userId>/<uuid>`), never from a file's name. Bodies are streams both ways: a file is never held
 * whole in memory.
 */
export interface DocumentStore {
  readonly kind: 'local' | 's3';
  /** Stores `body` under `key`; resolves once it is durable. On failure nothing is left under `key`. */
  put(key: string, body: Readable, options: { contentType: string; size?: number }): Promise<void>;
  /** The bytes under `key`; rejects with DocumentStoreNotFoundError when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class DocumentStoreNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = 'DocumentStoreNotFoundError';
  }
}

/** Nest injection token for the configured DocumentStore. */
export const DOCUMENT_STORE = Symbol('DOCUMENT_STORE');
