import 'reflect-metadata';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { loadReleaseDump, readReleaseManifest } from '../../test/release-dump';
import { contractChanges, schemaShape, type SchemaShape } from '../../test/schema-contract';
import { schemaSnapshot, type SchemaSnapshot } from '../../test/schema-snapshot';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { dataSourceOptions, MIGRATIONS } from './data-source';
import { type MigrationClass, markerOf } from './migration-markers';

/**
 * The rules every migration keeps (DEPLOYMENT.md, Upgrades).
 *
 * Reversible: on the previous release's data migrated to today's schema, each
 * migration's down(), newest first, must bring the schema back exactly to what it was before its
 * up() (recorded by applying the migrations one at a time on an empty database), keep the rows of
 * every table that stays, and the migrations must then apply again. A migration that cannot be
 * undone says so with `static irreversible = 'why'` (migration-markers.ts); the walk stops there.
 *
 * Expand only since the release: a migration the previous release does not have runs while that
 * release still serves (a rolling deploy), so it must not drop, rename or narrow what the release
 * uses (schema-contract.ts) unless it says `static contract = 'why'`.
 */

const migrations = MIGRATIONS as unknown as MigrationClass[];
const databases: TestDatabase[] = [];
const sources: DataSource[] = [];

/** A DataSource on a new empty database, with the release's dump loaded when asked. */
async function open({ withDump }: { withDump: boolean }): Promise<DataSource> {
  const database = await createTestDatabase({ empty: true });
  databases.push(database);
  if (withDump) await loadReleaseDump(database.url);
  const source = await new DataSource({ ...dataSourceOptions(database.url), migrationsRun: false }).initialize();
  sources.push(source);
  return source;
}

afterAll(async () => {
  for (const source of sources) await source.destroy();
  for (const database of databases) await database.drop();
});

/** 'table' → rows, for every table of the public schema except TypeORM's own. */
async function rowCounts(source: DataSource): Promise<Map<string, number>> {
  const tables: { name: string }[] = await source.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname NOT IN ('migrations', 'typeorm_metadata')`,
  );
  const counts = new Map<string, number>();
  for (const { name } of tables)
    counts.set(name, Number((await source.query(`SELECT count(*)::int AS n FROM "${name}"`))[0].n));
  return counts;
}

/** The schema before each migration's up(), index by index, and after the last one. */
let before: SchemaSnapshot[];
let latest: SchemaSnapshot;
/** The same as shapes: `shapes[i]` before migration i, `shapes[i + 1]` after it. */
let shapes: SchemaShape[];
/** The database the migrations were applied to one at a time (left at the latest schema). */
let stepped: DataSource;

beforeAll(async () => {
  const empty = await open({ withDump: false });
  stepped = empty;
  // TypeORM's table for generated columns' expressions, which some migrations write to; made by
  // runMigrations() otherwise.
  const setup = empty.createQueryRunner();
  await (
    empty.driver.createSchemaBuilder() as unknown as {
      createMetadataTableIfNecessary(runner: QueryRunner): Promise<void>;
    }
  ).createMetadataTableIfNecessary(setup);
  await setup.release();
  before = [];
  shapes = [];
  for (const Migration of migrations) {
    before.push(await schemaSnapshot(empty));
    shapes.push(await schemaShape(empty));
    const migration = new Migration();
    const runner = empty.createQueryRunner();
    try {
      const inTransaction = migration.transaction !== false;
      if (inTransaction) await runner.startTransaction();
      await migration.up(runner);
      if (inTransaction) await runner.commitTransaction();
    } finally {
      await runner.release();
    }
  }
  latest = await schemaSnapshot(empty);
  shapes.push(await schemaShape(empty));
}, 120_000);

describe('every migration is reversible', () => {
  it('or marked irreversible with a reason', () => {
    for (const migration of migrations) markerOf(migration, 'irreversible');
  });

  it("every migration's down(), newest first, on the release's data, restores the schema before its up() and keeps the rows of the tables that stay; then all apply again", async () => {
    const manifest = await readReleaseManifest();
    const source = await open({ withDump: true });
    expect((await source.query('SELECT count(*)::int AS n FROM migrations'))[0].n).toBe(manifest.migrations.length);
    await source.runMigrations({ transaction: 'each' });
    expect(await schemaSnapshot(source)).toEqual(latest);
    const rowsAtStart = await rowCounts(source);
    expect([...rowsAtStart.values()].filter((n) => n > 0).length).toBeGreaterThanOrEqual(40);

    const problems: string[] = [];
    let lowest = migrations.length;
    for (let index = migrations.length - 1; index >= 0; index--) {
      const migration = migrations[index];
      if (markerOf(migration, 'irreversible')) {
        await expect(source.undoLastMigration({ transaction: 'each' })).rejects.toThrow();
        break;
      }
      await source.undoLastMigration({ transaction: 'each' });
      lowest = index;
      const schema = await schemaSnapshot(source);
      for (const key of Object.keys(schema) as (keyof SchemaSnapshot)[]) {
        const extra = schema[key].filter((line) => !before[index][key].includes(line));
        const missing = before[index][key].filter((line) => !schema[key].includes(line));
        if (extra.length || missing.length)
          problems.push(`${migration.name} down(): ${key} ${JSON.stringify({ extra, missing })}`);
      }
      for (const [table, rows] of await rowCounts(source))
        if (rowsAtStart.has(table) && rowsAtStart.get(table) !== rows)
          problems.push(`${migration.name} down(): ${table} had ${rowsAtStart.get(table)} rows, now ${rows}`);
      // The first migration that goes wrong is the one to fix; the ones below would only repeat it.
      if (problems.length) break;
    }
    expect(problems).toEqual([]);
    expect(lowest).toBe(0);

    const reapplied = await source.runMigrations({ transaction: 'each' });
    expect(reapplied.map((m) => m.name)).toEqual(migrations.slice(lowest).map((m) => m.name));
    expect(await schemaSnapshot(source)).toEqual(latest);
  }, 180_000);
});

/** Each migration in `range` that makes a contract change without the marker, with what it changes. */
function unmarkedContracts(
  list: MigrationClass[],
  shapeBefore: (i: number) => SchemaShape,
  shapeAfter: (i: number) => SchemaShape,
) {
  const problems: string[] = [];
  list.forEach((migration, i) => {
    const changes = contractChanges(shapeBefore(i), shapeAfter(i));
    if (changes.length && !markerOf(migration, 'contract')) problems.push(`${migration.name}: ${changes.join('; ')}`);
  });
  return problems;
}

describe('since the release, migrations only expand', () => {
  it('and one that drops, renames or narrows what the release uses is marked contract, with a reason', async () => {
    const { migrations: released } = await readReleaseManifest();
    const since = migrations.slice(released.length);
    const problems = unmarkedContracts(
      since,
      (i) => shapes[released.length + i],
      (i) => shapes[released.length + i + 1],
    );
    expect(problems).toEqual([]);
  });

  it('every contract marker says why', () => {
    for (const migration of migrations) markerOf(migration, 'contract');
  });

  it('the check catches a new migration renaming a column, and lets it pass once marked contract', async () => {
    class RenameTaskTitle1799999999999 implements MigrationInterface {
      async up(runner: QueryRunner) {
        await runner.query(`ALTER TABLE "tasks" RENAME COLUMN "title" TO "name"`);
      }
      async down(runner: QueryRunner) {
        await runner.query(`ALTER TABLE "tasks" RENAME COLUMN "name" TO "title"`);
      }
    }
    class MarkedRenameTaskTitle1799999999999 extends RenameTaskTitle1799999999999 {
      static contract = 'Renames tasks.title once no running version reads it (the one before already reads name).';
    }
    const latestShape = shapes[shapes.length - 1];
    const runner = stepped.createQueryRunner();
    await runner.startTransaction();
    try {
      await new RenameTaskTitle1799999999999().up(runner);
      const renamed = await schemaShape(runner);
      expect(
        unmarkedContracts(
          [RenameTaskTitle1799999999999],
          () => latestShape,
          () => renamed,
        ),
      ).toEqual([
        'RenameTaskTitle1799999999999: column tasks.title is dropped or renamed; ' +
          "column tasks.name is new, NOT NULL and without a default: the previous version's INSERTs would fail",
      ]);
      expect(
        unmarkedContracts(
          [MarkedRenameTaskTitle1799999999999],
          () => latestShape,
          () => renamed,
        ),
      ).toEqual([]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
