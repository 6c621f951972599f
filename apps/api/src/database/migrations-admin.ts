import type { DataSource } from 'typeorm';
import { MIGRATIONS } from './data-source';
import { MIGRATIONS_LOCK } from './migrate';
import { type MigrationClass, markerOf } from './migration-markers';

export interface MigrationState {
  name: string;
  /** applied: in the database; pending: only in this version's code; newer: applied by a newer version, unknown to this one. */
  state: 'applied' | 'pending' | 'newer';
}

async function appliedNames(dataSource: DataSource): Promise<string[]> {
  const [{ exists }] = await dataSource.query(`SELECT to_regclass('public.migrations') IS NOT NULL AS exists`);
  if (!exists) return [];
  return ((await dataSource.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[]).map((r) => r.name);
}

/** Every migration this version knows, oldest first, then any a newer version applied. */
export async function migrationStates(dataSource: DataSource): Promise<MigrationState[]> {
  const applied = await appliedNames(dataSource);
  const known = new Set(MIGRATIONS.map((m) => m.name));
  return [
    ...MIGRATIONS.map((m): MigrationState => ({
      name: m.name,
      state: applied.includes(m.name) ? 'applied' : 'pending',
    })),
    ...applied.filter((name) => !known.has(name)).map((name): MigrationState => ({ name, state: 'newer' })),
  ];
}

/**
 * Undoes migrations, newest first, until `target` is the newest one applied (to go back to the
 * release whose last migration it is), holding the same lock as start-up's migrations. Refuses,
 * before undoing anything, when `target` is not applied, when a newer version's migration is in
 * the way, or when a migration on the way is marked irreversible. `migrations` are this version's
 * (the DataSource's own). Returns the undone names.
 */
export async function revertTo(
  dataSource: DataSource,
  target: string,
  migrations: readonly MigrationClass[] = MIGRATIONS as unknown as MigrationClass[],
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    try {
      const applied = await appliedNames(dataSource);
      const at = applied.indexOf(target);
      if (at < 0) throw new Error(`${target} is not an applied migration; applied: ${applied.join(', ') || 'none'}`);
      const undo = applied.slice(at + 1).reverse();
      const byName = new Map(migrations.map((m) => [m.name, m]));
      for (const name of undo) {
        const migration = byName.get(name);
        if (!migration)
          throw new Error(`${name} was applied by a newer version of Aide: revert it with that version first`);
        const reason = markerOf(migration, 'irreversible');
        if (reason) throw new Error(`${name} cannot be reverted: ${reason}`);
      }
      for (let i = 0; i < undo.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
      return undo;
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
