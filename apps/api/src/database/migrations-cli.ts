import 'reflect-metadata';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { readOrCreateSecret } from '../common/secret-file.util';
import { parseEnv } from '../config/env.schema';
import { dataSourceOptions } from './data-source';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { initializeMigrated } from './migrate';
import { migrationStates, revertTo } from './migrations-admin';

const USAGE = `Usage: node apps/api/dist/database/migrations-cli.js <command>
  status              every migration: applied, pending, or applied by a newer version
  up                  apply the pending migrations (what every start does)
  down-to <name>      undo the newer migrations until <name> is the newest applied
                      (before going back to the release whose last migration <name> is;
                      run it with the version you are leaving)
The database is DATABASE_URL's, or the embedded one in DATA_DIR/postgres (stop the app first).`;

/** DATABASE_URL's database, or the embedded one in DATA_DIR, as the app itself would use. */
async function database(env: ReturnType<typeof parseEnv>): Promise<EmbeddedDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  return startEmbeddedPostgres({
    dataDir: path.join(env.DATA_DIR, 'postgres'),
    password: await readOrCreateSecret(path.join(env.DATA_DIR, 'postgres-password')),
    database: 'aide',
  });
}

async function main(args: string[]): Promise<number> {
  const [command, target] = args;
  if (!['status', 'up', 'down-to'].includes(command) || (command === 'down-to' && !target)) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv(process.env);
  const db = await database(env);
  try {
    const options = { ...dataSourceOptions(db.url), migrationsRun: command === 'up' };
    const dataSource =
      command === 'up' ? await initializeMigrated(options) : await new DataSource(options).initialize();
    try {
      if (command === 'down-to') {
        const undone = await revertTo(dataSource, target);
        console.log(undone.length ? `Reverted ${undone.join(', ')}` : `${target} is already the newest migration`);
      } else {
        for (const { name, state } of await migrationStates(dataSource)) console.log(`${state.padEnd(8)} ${name}`);
      }
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await db.stop();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
