// First of all, as in main.ts: a Node outside package.json's "engines" is told which Node to use.
import './supported-node';
import 'reflect-metadata';
import path from 'node:path';
import { BackupRefusedError } from './backup/backup-format';
import { createBackup } from './backup/backup';
import { keysAsEnvironment } from './backup/backup-keys';
import { readBackupKeys, restoreBackup } from './backup/restore';
import { readOrCreateSecret } from './common/secret-file.util';
import { type Env, parseEnv } from './config/env.schema';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';

const USAGE = `Usage (in the repo: npm run backup -- <file> / npm run restore -- <file>):
  node apps/api/dist/cli.js backup <file> [--with-session-secret]
      writes a consistent backup of the database, the document store and the keys to <file>
  node apps/api/dist/cli.js restore <file>
      restores <file> into an EMPTY deployment (database, document store, DATA_DIR keys)
  node apps/api/dist/cli.js keys <file>
      prints the backup's keys as environment lines (CREDENTIALS_KEY=…), for deployments that set them
The settings come from the environment, as for the app (DATABASE_URL, DATA_DIR, DOCUMENT_STORAGE,
S3_*, CREDENTIALS_KEY, BACKUP_PASSPHRASE …).`;

/** DATABASE_URL, or the embedded Postgres in DATA_DIR/postgres (the app must be stopped: one server per folder). */
async function openDatabase(env: Env): Promise<EmbeddedDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  return startEmbeddedPostgres({
    dataDir: path.join(env.DATA_DIR, 'postgres'),
    password: await readOrCreateSecret(path.join(env.DATA_DIR, 'postgres-password')),
    database: 'aide',
  });
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Runs one command; answers the exit code. Exported for the tests, which run it in-process. */
export async function runCli(
  argv: string[],
  source: Record<string, string | undefined>,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const [command, file, ...flags] = argv;
  const unknownFlags = flags.filter((flag) => flag !== '--with-session-secret' || command !== 'backup');
  if (!command || !file || !['backup', 'restore', 'keys'].includes(command) || unknownFlags.length > 0) {
    print(USAGE);
    return 2;
  }
  try {
    const env = parseEnv(source);
    if (command === 'keys') {
      print(keysAsEnvironment(await readBackupKeys(file, env.BACKUP_PASSPHRASE)));
      return 0;
    }
    const database = await openDatabase(env);
    try {
      if (command === 'backup') {
        const summary = await createBackup({
          env,
          databaseUrl: database.url,
          file,
          withSessionSecret: flags.includes('--with-session-secret'),
          log: print,
        });
        const rows = summary.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
        for (const key of summary.vanishedDocuments) print(`warning: ${key} was deleted during the backup`);
        print(
          `Backup written to ${summary.file} (${mib(summary.bytes)}${summary.manifest.encrypted ? ', encrypted' : ''}): ` +
            `${summary.manifest.tables.length} tables, ${rows} rows, ${summary.manifest.documents.count} documents, ` +
            `schema at ${summary.manifest.migrations.at(-1) ?? 'no migration'}.`,
        );
      } else {
        const summary = await restoreBackup({ env, databaseUrl: database.url, file, log: print });
        for (const warning of summary.warnings) print(`warning: ${warning}`);
        print(
          `Restored ${path.resolve(file)} (taken ${summary.manifest.createdAt}): ${summary.manifest.tables.length} tables, ` +
            `${summary.documents} documents; ${summary.migrationsRun.length} newer migrations run. The app can start now.`,
        );
      }
    } finally {
      await database.stop();
    }
    return 0;
  } catch (error) {
    if (
      error instanceof BackupRefusedError ||
      (error instanceof Error && error.message.startsWith('Invalid environment'))
    )
      print(`${command} refused: ${error.message}`);
    else print(`${command} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
}
