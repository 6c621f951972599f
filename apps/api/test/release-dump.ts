import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Client } from 'pg';

/**
 * The previous release's database, as made by `npm run upgrade:dump` (scripts/upgrade-fixture/):
 * its migrations applied and data in every table, written through that release's own API.
 * Replace the folder when a new release is cut (DEPLOYMENT.md, "Making the next release's dump").
 */
export const RELEASE_DUMP_DIR = path.join(__dirname, 'fixtures/upgrade/release-85f85ee');

export interface ReleaseManifest {
  commit: string;
  madeAt: string;
  postgres: string;
  people: { email: string; password: string }[];
  /** The keys the release ran with: stored credentials in the dump are encrypted with CREDENTIALS_KEY. */
  keys: { SESSION_SECRET: string; CREDENTIALS_KEY: string; VAPID_SECRET: string };
  /** The release's migrations, oldest first. */
  migrations: string[];
  /** 'schema.table' → rows, at the time of the dump. */
  rowCounts: Record<string, number>;
}

export async function readReleaseManifest(): Promise<ReleaseManifest> {
  return JSON.parse(await readFile(path.join(RELEASE_DUMP_DIR, 'manifest.json'), 'utf8')) as ReleaseManifest;
}

/**
 * Loads the dump (pg_dump's plain SQL with INSERT statements) into an empty database through
 * node-postgres: psql's backslash commands (\restrict, \unrestrict) are dropped, everything else
 * runs as one script in one transaction.
 */
export async function loadReleaseDump(databaseUrl: string): Promise<void> {
  const sql = gunzipSync(await readFile(path.join(RELEASE_DUMP_DIR, 'dump.sql.gz'))).toString('utf8');
  const script = sql
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  if (/^COPY /m.test(script))
    throw new Error('The dump holds COPY blocks: make it with --inserts (npm run upgrade:dump)');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`BEGIN;\n${script}\nCOMMIT;`);
    // TypeORM's typeorm_metadata rows (generated columns' expressions) name the database they were
    // written in; in a database of another name TypeORM would not find them and would see every
    // generated column as changed. The app never reads them at run time (no synchronize).
    await client.query(`UPDATE public.typeorm_metadata SET database = current_database()`);
  } finally {
    await client.end();
  }
}

/** Copies the release's stored documents (DOCUMENT_STORAGE_DIR's files) into `folder`. */
export async function copyReleaseDocuments(folder: string): Promise<void> {
  await cp(path.join(RELEASE_DUMP_DIR, 'documents'), folder, { recursive: true });
}
