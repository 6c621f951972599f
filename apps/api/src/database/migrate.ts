import { DataSource, type DataSourceOptions } from 'typeorm';

/** The session-level advisory lock every process takes around running the migrations ("AIDE" in ASCII). */
export const MIGRATIONS_LOCK = 0x41494445;

/**
 * Initializes a DataSource and runs the pending migrations while holding MIGRATIONS_LOCK, so that
 * processes starting together on one database (API × 2 and a worker in a rolling deploy) migrate
 * one after another: the first runs the pending migrations, the others wait for it and then find
 * nothing left to run. TypeORM's own migrationsRun takes no lock, so two processes could each run
 * the same migration (one failing its start-up, or a data migration applied twice).
 */
export async function initializeMigrated(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  try {
    if (options.migrationsRun) {
      const runner = dataSource.createQueryRunner();
      await runner.connect();
      try {
        await runner.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
        try {
          await dataSource.runMigrations({ transaction: options.migrationsTransactionMode ?? 'all' });
        } finally {
          await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
        }
      } finally {
        await runner.release();
      }
    }
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
