import 'reflect-metadata';
import path from 'node:path';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { runTs } from '../../test/child-process';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { dataSourceOptions, MIGRATIONS } from './data-source';
import type { MigrationClass } from './migration-markers';
import { migrationStates, revertTo } from './migrations-admin';

const CLI = path.join(__dirname, 'migrations-cli.ts');
const NEWEST = MIGRATIONS[MIGRATIONS.length - 1].name;
const SECOND_NEWEST = MIGRATIONS[MIGRATIONS.length - 2].name;

let database: TestDatabase;
let db: DataSource;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await new DataSource({ ...dataSourceOptions(database.url), migrationsRun: false }).initialize();
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

async function cli(...args: string[]): Promise<{ code: unknown; output: string }> {
  const run = runTs(CLI, args, { DATABASE_URL: database.url, NODE_ENV: 'test' });
  const code = await run.exited;
  return { code, output: run.output() };
}

const newestApplied = async () =>
  ((await db.query('SELECT name FROM migrations ORDER BY id DESC LIMIT 1')) as { name: string }[])[0].name;

describe('node apps/api/dist/database/migrations-cli.js', () => {
  it('status lists every migration as applied on a migrated database', async () => {
    const { code, output } = await cli('status');
    expect(code).toBe(0);
    expect(output.trim().split('\n')).toEqual(MIGRATIONS.map((m) => `applied  ${m.name}`));
  });

  it('down-to undoes the newer migrations, and up applies them again', async () => {
    const down = await cli('down-to', SECOND_NEWEST);
    expect(down).toEqual({ code: 0, output: `Reverted ${NEWEST}\n` });
    expect(await newestApplied()).toBe(SECOND_NEWEST);
    expect(await migrationStates(db)).toContainEqual({ name: NEWEST, state: 'pending' });
    const up = await cli('up');
    expect(up.code).toBe(0);
    expect(await newestApplied()).toBe(NEWEST);
  }, 60_000);

  it('down-to refuses a name that is not an applied migration, changing nothing', async () => {
    const { code, output } = await cli('down-to', 'NoSuchMigration1700000000000');
    expect(code).toBe(1);
    expect(output).toContain('NoSuchMigration1700000000000 is not an applied migration');
    expect(await newestApplied()).toBe(NEWEST);
  });

  it("down-to refuses to go past a newer version's migration, which this version cannot undo", async () => {
    await db.query(`INSERT INTO migrations (timestamp, name) VALUES (1799999999999, 'FromANewerVersion1799999999999')`);
    try {
      expect(await migrationStates(db)).toContainEqual({ name: 'FromANewerVersion1799999999999', state: 'newer' });
      const { code, output } = await cli('down-to', SECOND_NEWEST);
      expect(code).toBe(1);
      expect(output).toContain(
        'FromANewerVersion1799999999999 was applied by a newer version of Aide: revert it with that version first',
      );
      expect(await newestApplied()).toBe('FromANewerVersion1799999999999');
    } finally {
      await db.query(`DELETE FROM migrations WHERE name = 'FromANewerVersion1799999999999'`);
    }
  });

  it('without a command, prints how to use it', async () => {
    const { code, output } = await cli();
    expect(code).toBe(2);
    expect(output).toContain('down-to <name>');
  });
});

describe('revertTo', () => {
  it('refuses, before undoing anything, to pass a migration marked irreversible, and says why', async () => {
    // Today's newest migration, as if it had been marked irreversible.
    const Newest = MIGRATIONS[MIGRATIONS.length - 1] as unknown as new () => MigrationInterface;
    class Marked extends Newest {
      static irreversible = 'Merges the per-page findings into one list; which page each came from is lost.';
      override async down(_runner: QueryRunner): Promise<void> {
        throw new Error(Marked.irreversible);
      }
    }
    Object.defineProperty(Marked, 'name', { value: NEWEST });
    const migrations = [...MIGRATIONS.slice(0, -1), Marked] as unknown as MigrationClass[];
    await expect(revertTo(db, MIGRATIONS[0].name, migrations)).rejects.toThrow(
      `${NEWEST} cannot be reverted: Merges the per-page findings into one list; which page each came from is lost.`,
    );
    expect(await newestApplied()).toBe(NEWEST);
  });
});
