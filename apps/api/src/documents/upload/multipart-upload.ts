import { createHash, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, sanitizeFileName } from '@aide/contracts';
import {
  BadRequestException,
  HttpException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import Busboy from 'busboy';
import type { DocumentStore } from '../storage/document-store';
import { detectFromSample, textMimeType, TYPE_SAMPLE_BYTES, Utf8TextCheck } from './document-type';

/** One file of the request, stored under `storageKey`. */
export interface StoredUpload {
  storageKey: string;
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

export interface MultipartUploadOptions {
  userId: number;
  store: DocumentStore;
  maxFileBytes: number;
  maxFileMb: number;
  /**
   * Called as each file begins, with how many the request has carried so far (this one
   * included); throws to refuse it (the Free plan's limit). May be async.
   */
  beforeFile?: (fileNumber: number) => Promise<void> | void;
}

const isMultipartForm = (headers: IncomingHttpHeaders) =>
  /^multipart\/form-data\s*;/i.test(headers['content-type'] ?? '');

const badUpload = () => new BadRequestException(DOCUMENT_MESSAGES.badUpload);

/** A file part's stream failing on its own (busboy: the form ended mid-file) is a malformed upload. */
const asUploadError = (error: unknown) => (error instanceof HttpException ? error : badUpload());

/**
 * Reads one multipart request as it arrives: each `files` part is streamed into the document store
 * (typed from its first bytes, hashed and counted on the way, never held whole), the few text
 * fields are collected. Parts are handled one at a time, in order.
 *
 * The first failure (a refused or too large file, a malformed form, the client leaving, the
 * store) stops reading the request at once and is what run() rejects with; every key this upload
 * wrote or started is in `keys` for the caller to delete. Nothing here touches the database.
 */
export class MultipartUpload {
  /** Every key this upload has written or started writing, finished or not. */
  readonly keys: string[] = [];
  readonly files: StoredUpload[] = [];
  readonly fields: Record<string, string> = {};

  private failure: unknown;
  private fileCount = 0;
  /** The file part being stored, destroyed if the upload fails meanwhile. */
  private current: Readable | undefined;
  /** The parts' work, in order; never rejects (failures go to fail()). */
  private queue: Promise<void> = Promise.resolve();
  private stopReading: () => void = () => undefined;
  private rejectRun: (error: unknown) => void = () => undefined;

  constructor(private readonly options: MultipartUploadOptions) {}

  /** Resolves once the whole form is read and every file stored; rejects with the first failure. */
  async run(headers: IncomingHttpHeaders, body: Readable): Promise<void> {
    if (!isMultipartForm(headers)) throw badUpload();
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({
        headers,
        // Browsers send names as UTF-8; sanitizeFileName, not busboy, takes the path off.
        defParamCharset: 'utf8',
        preservePath: true,
        limits: {
          files: DOCUMENT_LIMITS.maxFilesPerUpload,
          fields: 10,
          fieldSize: 1024,
          parts: DOCUMENT_LIMITS.maxFilesPerUpload + 10,
          headerPairs: 50,
        },
      });
    } catch {
      throw badUpload(); // e.g. no boundary
    }

    const parsed = new Promise<void>((resolve, reject) => {
      this.rejectRun = reject;
      busboy.on('close', resolve);
    });
    parsed.catch(() => undefined); // fail() may reject it before it is awaited

    this.stopReading = () => {
      body.unpipe(busboy);
      busboy.removeAllListeners('close');
      busboy.on('error', () => undefined);
      busboy.destroy();
    };
    busboy.on('error', () => this.fail(badUpload()));
    busboy.on('filesLimit', () => this.fail(new BadRequestException(DOCUMENT_MESSAGES.tooManyFiles)));
    busboy.on('partsLimit', () => this.fail(badUpload()));
    busboy.on('fieldsLimit', () => this.fail(badUpload()));
    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) this.fail(badUpload());
      else this.fields[name] = value;
    });
    busboy.on('file', (name, stream, info) => this.onFile(name, stream, info));
    // A client that goes away mid-request: the body closes before its end.
    body.on('error', () => this.fail(badUpload()));
    body.on('close', () => {
      if (!body.readableEnded) this.fail(badUpload());
    });
    body.pipe(busboy);

    try {
      await parsed;
    } catch {
      // fail() was called; the queue settles below and the failure is thrown.
    }
    await this.queue;
    if (this.failure !== undefined) throw this.failure;
  }

  /** Stops everything at the first failure: reading the request, and the file being stored. */
  private fail(error: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.stopReading();
    this.current?.destroy(error instanceof Error ? error : new Error(String(error)));
    this.rejectRun(error);
  }

  private onFile(name: string, stream: Readable, info: Busboy.FileInfo): void {
    // Its errors reach storeFile through the stream's iterator; fail() may destroy one never read.
    stream.on('error', () => undefined);
    if (this.failure !== undefined) {
      stream.resume();
      return;
    }
    if (name !== 'files') {
      stream.resume();
      this.fail(badUpload());
      return;
    }
    // A file input left empty still sends a part, with no name and no bytes.
    const filename = info.filename;
    if (!filename) {
      stream.resume();
      return;
    }
    const fileNumber = ++this.fileCount;
    this.queue = this.queue
      .then(async () => {
        if (this.failure !== undefined) {
          stream.resume();
          return;
        }
        this.current = stream;
        await this.options.beforeFile?.(fileNumber);
        this.files.push(await this.storeFile(stream, filename));
      })
      .catch((error: unknown) => {
        stream.resume();
        this.fail(error);
      })
      .finally(() => {
        this.current = undefined;
      });
  }

  private storeFile(stream: Readable, filename: string): Promise<StoredUpload> {
    return storeDocumentFile(stream, filename, this.options, this.keys);
  }
}

/**
 * Types, hashes, counts and stores one file (an upload's part, or an email attachment saved to
 * Documents); throws 413, 415 or the store's error. Its key is pushed onto `keys` before anything
 * is written, for the caller to delete on failure.
 */
export async function storeDocumentFile(
  stream: Readable,
  filename: string,
  {
    maxFileBytes,
    maxFileMb,
    store,
    userId,
  }: Pick<MultipartUploadOptions, 'userId' | 'store' | 'maxFileBytes' | 'maxFileMb'>,
  keys: string[],
): Promise<StoredUpload> {
  const originalName = sanitizeFileName(filename);
  const hash = createHash('sha256');
  const text = new Utf8TextCheck();
  let size = 0;
  const take = (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxFileBytes) throw new PayloadTooLargeException(DOCUMENT_MESSAGES.fileTooLarge(maxFileMb));
    hash.update(chunk);
    text.push(chunk);
  };

  // The start of the file, read before anything is stored: its type decides whether it is stored at all.
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const sampleChunks: Buffer[] = [];
  let sampleLength = 0;
  let ended = false;
  while (sampleLength < TYPE_SAMPLE_BYTES) {
    const next = await chunks.next().catch((error: unknown) => {
      throw asUploadError(error);
    });
    if (next.done) {
      ended = true;
      break;
    }
    take(next.value);
    sampleChunks.push(next.value);
    sampleLength += next.value.length;
  }
  const sample = Buffer.concat(sampleChunks);
  const verdict = await detectFromSample(sample.subarray(0, TYPE_SAMPLE_BYTES));
  if (verdict.kind === 'executable') throw new UnsupportedMediaTypeException(DOCUMENT_MESSAGES.executableRefused);

  // The rest flows through `take` into the store; its own failure (413) wins over how the store reports it.
  let streamFailure: unknown;
  async function* contents(): AsyncGenerator<Buffer> {
    yield sample;
    if (ended) return;
    try {
      for await (const chunk of { [Symbol.asyncIterator]: () => chunks }) {
        take(chunk);
        yield chunk;
      }
    } catch (error) {
      streamFailure = asUploadError(error);
      throw streamFailure;
    }
  }
  const storageKey = `${userId}/${randomUUID()}`;
  keys.push(storageKey);
  const provisionalType = verdict.kind === 'binary' ? verdict.mimeType : 'application/octet-stream';
  try {
    await store.put(storageKey, Readable.from(contents(), { objectMode: false }), { contentType: provisionalType });
  } catch (error) {
    throw streamFailure ?? error;
  }
  if (streamFailure !== undefined) throw streamFailure;

  const mimeType =
    verdict.kind === 'binary'
      ? verdict.mimeType
      : text.isText()
        ? textMimeType(originalName, sample)
        : 'application/octet-stream';
  return { storageKey, originalName, mimeType, size, sha256: hash.digest('hex') };
}
