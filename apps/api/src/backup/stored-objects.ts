import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentStore } from '../documents/storage/document-store';
import { LocalDocumentStore } from '../documents/storage/local-document-store';
import { S3DocumentStore, s3Sdk } from '../documents/storage/s3-document-store';

export interface StoredObject {
  key: string;
  size: number;
}

/**
 * Every object in the document store, whoever wrote it (documents, mail attachments being composed,
 * website backups, account exports): the store's interface has no listing, so the folder is walked
 * or the bucket listed here. Keys come back as the store takes them (`<userId>/<name>`).
 */
export async function* listStoredObjects(store: DocumentStore): AsyncGenerator<StoredObject> {
  if (store instanceof S3DocumentStore) {
    const { ListObjectsV2Command } = s3Sdk();
    let token: string | undefined;
    do {
      const page = await store.client.send(
        new ListObjectsV2Command({ Bucket: store.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return;
  }
  if (!(store instanceof LocalDocumentStore)) throw new Error('Unknown document store');
  yield* walk(store.root, '');
}

async function* walk(root: string, prefix: string): AsyncGenerator<StoredObject> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    // The local store writes a file under a temporary dot-name and renames it when complete.
    if (entry.name.startsWith('.')) continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, key);
    else if (entry.isFile()) yield { key, size: (await stat(path.join(root, key))).size };
  }
}
