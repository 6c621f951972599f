import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar-stream';
import type { Env } from '../config/env.schema';
import { createDocumentStore } from '../documents/storage/document-store.provider';
import { DocumentStoreNotFoundError } from '../documents/storage/document-store';
import { encryptStream } from './backup-encryption';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackedUpSequence,
  type BackedUpTable,
  type BackupManifest,
  BackupRefusedError,
  DOCUMENT_ENTRY_PREFIX,
  KEYS_ENTRY,
  MANIFEST_ENTRY,
  TABLE_ENTRY_PREFIX,
  TABLE_ENTRY_SUFFIX,
} from './backup-format';
import { readKeys } from './backup-keys';
import { listStoredObjects, type StoredObject } from './stored-objects';
import { applicationTables, quoteIdentifier } from './database-tables';

export interface BackupOptions {
  env: Env;
  /** The database to back up (DATABASE_URL, or the embedded one's URL). */
  databaseUrl: string;
  /** Where the archive goes; refused if a file is already there. */
  file: string;
  /** Also keep the session secret (sessions and digest links survive a restore). */
  withSessionSecret?: boolean;
  log?: (line: string) => void;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** Objects listed in the store that were gone by the time they were read (deleted meanwhile). */
  vanishedDocuments: string[];
}

/** Counts the rows of a COPY text stream (one line per row; newlines inside values are escaped as \n). */
function rowCounter(onRows: (rows: number) => void): Transform {
  let rows = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) if (byte === 0x0a) rows++;
      done(null, chunk);
    },
    flush(done) {
      onRows(rows);
      done();
    },
  });
}

/**
 * Writes one consistent backup: every application table read in ONE repeatable-read snapshot (so
 * rows written meanwhile are all in or all out, foreign keys hold), the migrations the schema was at,
 * the sequences, every object of the document store (listed after the snapshot, so a document row
 * never lacks its file unless the file was deleted during the backup) and the keys. The file is
 * written under a temporary name with mode 0600 and renamed when complete; with BACKUP_PASSPHRASE
 * set it is encrypted (backup-encryption.ts).
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const log = options.log ?? (() => {});
  const target = path.resolve(options.file);
  if (
    await access(target).then(
      () => true,
      () => false,
    )
  )
    throw new BackupRefusedError(`${target} already exists: choose a new file name (a backup never overwrites one).`);
  if (!(await stat(path.dirname(target)).catch(() => null))?.isDirectory())
    throw new BackupRefusedError(`${path.dirname(target)} is not a folder: create it first.`);
  const work = await mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.tables-`));
  const partial = `${target}.partial`;
  try {
    const client = new Client({ connectionString: options.databaseUrl, application_name: 'aide-backup' });
    await client.connect();
    let migrations: string[];
    let postgresVersion: string;
    const tables: BackedUpTable[] = [];
    const sequences: BackedUpSequence[] = [];
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      postgresVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
      const hasMigrations = await client.query(`SELECT to_regclass('public.migrations') IS NOT NULL AS present`);
      if (!hasMigrations.rows[0].present)
        throw new BackupRefusedError('The database holds no Aide schema (no migrations table): nothing to back up.');
      migrations = (
        await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY "timestamp", id')
      ).rows.map((row) => row.name);
      for (const table of await applicationTables(client)) {
        let rows = 0;
        const columns = table.columns.map(quoteIdentifier).join(', ');
        await pipeline(
          client.query(copyTo(`COPY (SELECT ${columns} FROM ${quoteIdentifier(table.name)}) TO STDOUT`)),
          rowCounter((n) => (rows = n)),
          createGzip(),
          createWriteStream(path.join(work, table.name), { mode: 0o600 }),
        );
        tables.push({ name: table.name, columns: table.columns, rows });
        log(`table ${table.name}: ${rows} rows`);
      }
      const sequenceRows = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
      );
      for (const { name } of sequenceRows.rows) {
        const value = await client.query<{ last_value: string; is_called: boolean }>(
          `SELECT last_value::text, is_called FROM ${quoteIdentifier(name)}`,
        );
        sequences.push({ name, lastValue: value.rows[0].last_value, isCalled: value.rows[0].is_called });
      }
      await client.query('COMMIT');
    } finally {
      await client.end();
    }

    const store = createDocumentStore(options.env);
    const objects: StoredObject[] = [];
    for await (const object of listStoredObjects(store)) objects.push(object);
    const passphrase = options.env.BACKUP_PASSPHRASE;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      postgresVersion,
      migrations,
      tables,
      sequences,
      documents: { count: objects.length, bytes: objects.reduce((sum, object) => sum + object.size, 0) },
      encrypted: Boolean(passphrase),
    };
    const keys = await readKeys(options.env, options.withSessionSecret ?? false);

    const pack = tar.pack();
    const vanishedDocuments: string[] = [];
    const addEntry = (name: string, body: Buffer) =>
      new Promise<void>((resolve, reject) =>
        pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve())),
      );
    /** One entry from a stream of known size, written with backpressure (tar-stream's entries are streamx streams). */
    const addStream = (name: string, size: number, body: AsyncIterable<Buffer>) =>
      new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
        void (async () => {
          for await (const chunk of body) if (!entry.write(chunk)) await once(entry, 'drain');
          (entry as unknown as { end(): void }).end();
        })().catch((error: unknown) => {
          entry.destroy(error as Error);
          reject(error as Error);
        });
      });
    const fill = async () => {
      await addEntry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
      await addEntry(KEYS_ENTRY, Buffer.from(JSON.stringify(keys)));
      for (const table of tables) {
        const file = path.join(work, table.name);
        await addStream(
          `${TABLE_ENTRY_PREFIX}${table.name}${TABLE_ENTRY_SUFFIX}`,
          (await stat(file)).size,
          createReadStream(file),
        );
      }
      for (const object of objects) {
        let body: Readable;
        try {
          body = await store.get(object.key);
        } catch (error) {
          if (!(error instanceof DocumentStoreNotFoundError)) throw error;
          vanishedDocuments.push(object.key);
          continue;
        }
        await addStream(`${DOCUMENT_ENTRY_PREFIX}${object.key}`, object.size, body);
      }
      pack.finalize();
    };
    const output = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    await Promise.all([
      fill().catch((error: unknown) => {
        pack.destroy(error as Error);
        throw error;
      }),
      passphrase
        ? pipeline(Readable.from(pack), await encryptStream(passphrase), output)
        : pipeline(Readable.from(pack), output),
    ]);
    await rename(partial, target);
    const bytes = (await stat(target)).size;
    log(`documents: ${objects.length - vanishedDocuments.length} objects`);
    return { file: target, bytes, manifest, vanishedDocuments };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
