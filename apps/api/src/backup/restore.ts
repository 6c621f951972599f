import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import * as tar from 'tar-stream';
import { DataSource } from 'typeorm';
import type { Env } from '../config/env.schema';
import { dataSourceOptions, MIGRATIONS } from '../database/data-source';
import { createDocumentStore } from '../documents/storage/document-store.provider';
import { decryptStream, ENCRYPTED_MAGIC } from './backup-encryption';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  BackupRefusedError,
  DOCUMENT_ENTRY_PREFIX,
  KEYS_ENTRY,
  MANIFEST_ENTRY,
  TABLE_ENTRY_PREFIX,
  TABLE_ENTRY_SUFFIX,
} from './backup-format';
import { type BackupKeys, type KeyPlan, planKeys, writeKeys } from './backup-keys';
import { DERIVED_TABLES, quoteIdentifier } from './database-tables';
import { listStoredObjects } from './stored-objects';

export interface RestoreOptions {
  env: Env;
  /** The EMPTY database to restore into (DATABASE_URL, or the embedded one's URL). */
  databaseUrl: string;
  file: string;
  log?: (line: string) => void;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Migrations newer than the backup, run after the data was loaded. */
  migrationsRun: string[];
  documents: number;
  warnings: string[];
}

const migrationName = (migration: (typeof MIGRATIONS)[number]) => migration.name;

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The backup's bytes as a tar stream: decrypted when the file starts with the encrypted format's magic. */
async function openArchive(file: string, passphrase: string | undefined): Promise<Readable> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupRefusedError(
      error.code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be read: ${error.message}`,
    );
  });
  const head = Buffer.alloc(ENCRYPTED_MAGIC.length);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  await handle.close();
  const raw = createReadStream(file);
  if (bytesRead === head.length && head.equals(ENCRYPTED_MAGIC)) {
    if (!passphrase)
      throw new BackupRefusedError(
        'This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.',
      );
    const decrypted = decryptStream(passphrase);
    raw.on('error', (error) => decrypted.destroy(error));
    return raw.pipe(decrypted);
  }
  return raw;
}

function checkManifest(manifest: BackupManifest): void {
  if (manifest.format !== BACKUP_FORMAT) throw new BackupRefusedError('This file is not an Aide backup.');
  if (manifest.version > BACKUP_FORMAT_VERSION)
    throw new BackupRefusedError(
      `This backup was made by a newer Aide (backup format ${manifest.version}); restore it with that version or a later one.`,
    );
  const known = new Set(MIGRATIONS.map(migrationName));
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupRefusedError(
      `This backup was made by a newer Aide: its schema has migrations this version does not know (${unknown.join(', ')}). Restore it with that version or a later one.`,
    );
}

/** Refuses a database that already holds tables: restore never mixes a backup with other data. */
async function checkEmpty(client: Client): Promise<void> {
  const tables = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
      ORDER BY 1 LIMIT 6`,
  );
  if (tables.rows.length > 0) {
    const names = tables.rows.slice(0, 5).map((row) => row.name);
    throw new BackupRefusedError(
      `The database is not empty (it holds ${names.join(', ')}${tables.rows.length > 5 ? ' …' : ''}): restore only into an empty database. ` +
        'Stop the app, create a new database (or drop and re-create this one) and restore again before the app starts on it.',
    );
  }
}

async function migrate(databaseUrl: string, migrations: (typeof MIGRATIONS)[number][]): Promise<string[]> {
  const dataSource = new DataSource({
    ...dataSourceOptions(databaseUrl),
    migrations,
    migrationsRun: false,
  });
  await dataSource.initialize();
  try {
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}

/** What an entry handler answers: 'stop' ends the reading early (the rest of the file is not read). */
type EntryOutcome = void | 'stop';

/**
 * Feeds the archive's entries, one at a time and in order, to `handle`. The first failure (the
 * handler's, a wrong passphrase, a cut-off file) rejects at once and stops reading the file.
 */
function eachEntry(
  archive: Readable,
  handle: (name: string, size: number | undefined, body: Readable) => Promise<EntryOutcome>,
): Promise<void> {
  const extract = tar.extract();
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error !== undefined) {
        archive.destroy();
        extract.destroy();
        reject(error as Error);
      } else resolve();
    };
    extract.on('entry', (header, stream, next) => {
      const body = Readable.from(stream as AsyncIterable<Buffer>);
      handle(header.name, header.size, body).then(
        (outcome) => {
          if (outcome === 'stop') {
            finish();
            archive.destroy();
            extract.destroy();
            return;
          }
          // Whatever the handler left unread is skipped.
          stream.resume();
          next();
        },
        (error: unknown) => finish(error),
      );
    });
    pipeline(archive, extract).then(
      () => finish(),
      (error: unknown) => finish(error),
    );
  });
}

/** The keys a backup holds (its keys.json), for `cli.js keys`. */
export async function readBackupKeys(file: string, passphrase: string | undefined): Promise<BackupKeys> {
  let keys: BackupKeys | undefined;
  await eachEntry(await openArchive(path.resolve(file), passphrase), async (name, _size, body) => {
    if (name !== KEYS_ENTRY) return;
    keys = JSON.parse((await readAll(body)).toString('utf8')) as BackupKeys;
    return 'stop';
  });
  if (keys) return keys;
  throw new BackupRefusedError('This file is not an Aide backup: it holds no keys.');
}

/**
 * Restores a backup into an EMPTY deployment, in one pass over the file: the manifest and keys are
 * checked first (a newer schema, a non-empty database or a different CREDENTIALS_KEY refuse before
 * anything is written); then the schema is migrated to the backup's migrations, every table loaded
 * in one transaction (parents first) and the sequences set; then the documents go back into the
 * configured store (local folder or S3, whichever the backup came from), the keys into DATA_DIR,
 * and the migrations newer than the backup run, as the app's start would.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  const file = path.resolve(options.file);
  const archive = await openArchive(file, options.env.BACKUP_PASSPHRASE);
  const client = new Client({ connectionString: options.databaseUrl, application_name: 'aide-restore' });
  await client.connect();
  const store = createDocumentStore(options.env);
  const state: { manifest?: BackupManifest; keyPlan?: KeyPlan; loading: boolean; documents: number } = {
    loading: false,
    documents: 0,
  };
  const loadedTables = new Set<string>();
  const missingTables = (manifest: BackupManifest) =>
    manifest.tables.filter((table) => !loadedTables.has(table.name)).map((table) => table.name);

  const handle = async (name: string, size: number | undefined, body: Readable): Promise<void> => {
    if (name === MANIFEST_ENTRY) {
      const manifest = JSON.parse((await readAll(body)).toString('utf8')) as BackupManifest;
      checkManifest(manifest);
      await checkEmpty(client);
      for await (const object of listStoredObjects(store))
        throw new BackupRefusedError(
          `The document store is not empty (it holds ${object.key}): restore only into an empty ${store.kind === 's3' ? 'bucket' : 'folder'}.`,
        );
      state.manifest = manifest;
    } else if (name === KEYS_ENTRY) {
      const manifest = state.manifest;
      if (!manifest) throw new BackupRefusedError('This backup is damaged: its manifest is missing.');
      state.keyPlan = await planKeys(JSON.parse((await readAll(body)).toString('utf8')) as BackupKeys, options.env);
      // Everything checked: the schema as it was when the backup was taken, then the rows.
      const wanted = new Set(manifest.migrations);
      await migrate(
        options.databaseUrl,
        MIGRATIONS.filter((migration) => wanted.has(migrationName(migration))),
      );
      log(`schema migrated to the backup's ${manifest.migrations.length} migrations`);
      await client.query('BEGIN');
      state.loading = true;
      // Some migrations seed rows (feature toggles, module sources …); the backup holds those tables' rows as they were.
      // The derived tables the schema has go too (they point at users): the loaded rows' triggers fill them again.
      const derived = await client.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1::text[])`,
        [DERIVED_TABLES],
      );
      const emptied = [...manifest.tables, ...derived.rows];
      if (emptied.length > 0)
        await client.query(
          `TRUNCATE ${emptied.map((table) => quoteIdentifier(table.name)).join(', ')} RESTART IDENTITY`,
        );
    } else if (name.startsWith(TABLE_ENTRY_PREFIX) && name.endsWith(TABLE_ENTRY_SUFFIX)) {
      const manifest = state.manifest;
      if (!manifest || !state.loading) throw new BackupRefusedError('This backup is damaged: its keys are missing.');
      const tableName = name.slice(TABLE_ENTRY_PREFIX.length, -TABLE_ENTRY_SUFFIX.length);
      const table = manifest.tables.find((candidate) => candidate.name === tableName);
      if (!table) throw new BackupRefusedError(`This backup is damaged: ${tableName} is not in its manifest.`);
      const columns = table.columns.map(quoteIdentifier).join(', ');
      await pipeline(
        body,
        createGunzip(),
        client.query(copyFrom(`COPY ${quoteIdentifier(table.name)} (${columns}) FROM STDIN`)),
      );
      loadedTables.add(table.name);
      log(`table ${table.name}: ${table.rows} rows`);
    } else if (name.startsWith(DOCUMENT_ENTRY_PREFIX)) {
      const manifest = state.manifest;
      if (!manifest || !state.loading)
        throw new BackupRefusedError('This backup is damaged: documents come before data.');
      const missing = missingTables(manifest);
      if (missing.length > 0)
        throw new BackupRefusedError(`This backup is damaged: the rows of ${missing.join(', ')} are missing.`);
      const passThrough = new PassThrough();
      await Promise.all([
        store.put(name.slice(DOCUMENT_ENTRY_PREFIX.length), passThrough, {
          contentType: 'application/octet-stream',
          size,
        }),
        pipeline(body, passThrough),
      ]);
      state.documents++;
    }
  };

  let manifest: BackupManifest;
  let keyPlan: KeyPlan;
  try {
    await eachEntry(archive, handle);
    if (!state.manifest || !state.keyPlan || !state.loading)
      throw new BackupRefusedError('This file is not an Aide backup.');
    manifest = state.manifest;
    keyPlan = state.keyPlan;
    const missing = missingTables(manifest);
    if (missing.length > 0)
      throw new BackupRefusedError(`This backup is damaged: the rows of ${missing.join(', ')} are missing.`);
    for (const sequence of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        quoteIdentifier(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('COMMIT');
    state.loading = false;
  } catch (error) {
    if (state.loading) await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  const documents = state.documents;
  log(`documents: ${documents} objects`);

  await writeKeys(keyPlan);
  const migrationsRun = await migrate(options.databaseUrl, MIGRATIONS);
  if (migrationsRun.length > 0) log(`ran ${migrationsRun.length} newer migrations: ${migrationsRun.join(', ')}`);
  return { manifest, migrationsRun, documents, warnings: keyPlan.warnings };
}
