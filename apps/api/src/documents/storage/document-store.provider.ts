import path from 'node:path';
import type { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.schema';
import { DOCUMENT_STORE, type DocumentStore } from './document-store';
import { LocalDocumentStore } from './local-document-store';
import { S3DocumentStore } from './s3-document-store';

export type DocumentStoreEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'DOCUMENT_STORAGE'
  | 'DOCUMENT_STORAGE_DIR'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The store DOCUMENT_STORAGE names: a folder (DOCUMENT_STORAGE_DIR, else DATA_DIR/documents) or an S3 bucket. */
export function createDocumentStore(env: DocumentStoreEnv): DocumentStore {
  if (env.DOCUMENT_STORAGE === 's3') {
    // env.schema.ts refuses DOCUMENT_STORAGE=s3 without a bucket; this is for callers that skipped it.
    if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required when DOCUMENT_STORAGE is s3');
    return new S3DocumentStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDocumentStore(env.DOCUMENT_STORAGE_DIR ?? path.join(env.DATA_DIR, 'documents'));
}

/** DOCUMENT_STORE for Nest, chosen once at start from the validated environment. */
export const documentStoreProvider: Provider = {
  provide: DOCUMENT_STORE,
  inject: [ConfigService],
  useFactory: (config: ConfigService<Env, true>): DocumentStore =>
    createDocumentStore({
      DATA_DIR: config.get('DATA_DIR', { infer: true }),
      DOCUMENT_STORAGE: config.get('DOCUMENT_STORAGE', { infer: true }),
      DOCUMENT_STORAGE_DIR: config.get('DOCUMENT_STORAGE_DIR', { infer: true }),
      S3_ENDPOINT: config.get('S3_ENDPOINT', { infer: true }),
      S3_REGION: config.get('S3_REGION', { infer: true }),
      S3_BUCKET: config.get('S3_BUCKET', { infer: true }),
      S3_ACCESS_KEY_ID: config.get('S3_ACCESS_KEY_ID', { infer: true }),
      S3_SECRET_ACCESS_KEY: config.get('S3_SECRET_ACCESS_KEY', { infer: true }),
      S3_FORCE_PATH_STYLE: config.get('S3_FORCE_PATH_STYLE', { infer: true }),
    }),
};
