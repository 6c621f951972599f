import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { type DocumentStore, DocumentStoreNotFoundError } from './document-store';

/**
 * The AWS SDK, required when an S3 store is first made rather than when this file is imported: it
 * holds about 7 MB of heap (11 MB of RSS), which a process storing documents on disk never needs.
 */
export function s3Sdk(): typeof import('@aws-sdk/client-s3') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
}

export interface S3DocumentStoreOptions {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  /** Both or neither; neither: the SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** endpoint/bucket/key rather than bucket.endpoint/key (MinIO, Garage, Ceph and most self-hosted servers). */
  forcePathStyle: boolean;
}

/**
 * The smallest part S3 accepts (5 MiB). An upload streams in parts of this size with one part in
 * flight at a time, so a file of any size holds at most about 2 parts in memory; a file smaller
 * than a part goes up in one PutObject.
 */
const PART_SIZE = 5 * 1024 * 1024;

/**
 * Documents as objects in one bucket of any S3-compatible store, one object per key. Checksums are
 * sent and checked only where the protocol requires them (the SDK's defaults use aws-chunked
 * trailers that many S3-compatible servers do not understand).
 */
export class S3DocumentStore implements DocumentStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3DocumentStoreOptions) {
    this.bucket = options.bucket;
    this.client = new (s3Sdk().S3Client)({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, options: { contentType: string; size?: number }): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- with the SDK, on first use
    const { Upload } = require('@aws-sdk/lib-storage') as typeof import('@aws-sdk/lib-storage');
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: 1,
      // A failed multipart upload is aborted, so its parts do not linger (and cost) in the bucket.
      leavePartsOnError: false,
    });
    // The SDK reads `body` but does not see its error event when the failure comes from upstream
    // (a too-large file, a client gone): abort the upload then, rather than wait for data forever.
    let bodyError: unknown;
    const onError = (error: unknown) => {
      bodyError = error;
      void upload.abort().catch(() => undefined);
    };
    body.once('error', onError);
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw bodyError ?? error;
    } finally {
      body.off('error', onError);
    }
    if (bodyError) throw bodyError;
  }

  async get(key: string): Promise<Readable> {
    const { GetObjectCommand, NoSuchKey, S3ServiceException } = s3Sdk();
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body as Readable;
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      ) {
        throw new DocumentStoreNotFoundError(key);
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand, S3ServiceException } = s3Sdk();
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return;
      throw error;
    }
  }

  /** Closes the client's connections (on shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
