/**
 * A backup file: a tar archive (optionally encrypted as a whole, see backup-encryption.ts) holding,
 * in this order,
 *  - manifest.json: what follows, the migrations the schema was at, each table's columns and rows;
 *  - keys.json: the keys stored credentials need (backup-keys.ts);
 *  - db/<table>.copy.gz: each table's rows in COPY text format, gzipped, parents before children;
 *  - documents/<key>: every object of the document store, as stored.
 * Restore reads it in one pass, so the manifest and keys are checked before anything is written.
 */
export const BACKUP_FORMAT = 'aide-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const KEYS_ENTRY = 'keys.json';
export const TABLE_ENTRY_PREFIX = 'db/';
export const TABLE_ENTRY_SUFFIX = '.copy.gz';
export const DOCUMENT_ENTRY_PREFIX = 'documents/';

export interface BackedUpTable {
  name: string;
  /** The columns in the COPY data's order (generated columns are left out: the database computes them). */
  columns: string[];
  rows: number;
}

export interface BackedUpSequence {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The server the data came from (SHOW server_version). */
  postgresVersion: string;
  /** The migrations applied when the snapshot was taken, oldest first (TypeORM's names). */
  migrations: string[];
  /** In load order: a table comes after the tables its foreign keys point at. */
  tables: BackedUpTable[];
  sequences: BackedUpSequence[];
  documents: { count: number; bytes: number };
  encrypted: boolean;
}

/** A precondition that does not hold (a non-empty database, a different key …): the message says what to do. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}
