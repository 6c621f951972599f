import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh folder for a test app's local document store (DOCUMENT_STORAGE_DIR). */
export const tempDocumentStorage = () => mkdtemp(path.join(os.tmpdir(), 'aide-documents-'));

/** Every file under `folder` (temporary '.partial' files included), as paths relative to it, sorted. */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}
