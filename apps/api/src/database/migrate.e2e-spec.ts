import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { dataSourceOptions, MIGRATIONS } from './data-source';
import { initializeMigrated } from './migrate';

let database: TestDatabase;
const sources: DataSource[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  for (const source of sources) if (source.isInitialized) await source.destroy();
  await database.drop();
});

describe('initializeMigrated', () => {
  it('lets three processes starting together on an empty database migrate it once: all start, each migration is recorded once', async () => {
    const started = await Promise.allSettled([1, 2, 3].map(() => initializeMigrated(dataSourceOptions(database.url))));
    for (const result of started) if (result.status === 'fulfilled') sources.push(result.value);
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    const recorded: { name: string; times: number }[] = await sources[0].query(
      `SELECT name, count(*)::int AS times FROM migrations GROUP BY name ORDER BY min(id)`,
    );
    expect(recorded).toEqual(MIGRATIONS.map((m) => ({ name: m.name, times: 1 })));
  });

  it('runs nothing on a database that is already migrated', async () => {
    const again = await initializeMigrated(dataSourceOptions(database.url));
    sources.push(again);
    expect(await again.showMigrations()).toBe(false);
    expect((await again.query(`SELECT count(*)::int AS n FROM migrations`))[0].n).toBe(MIGRATIONS.length);
  });

  it('starts an older version on a database a newer version has migrated further (a rolling deploy)', async () => {
    await sources[0].query(
      `INSERT INTO migrations (timestamp, name) VALUES (1799999999999, 'FromANewerVersion1799999999999')`,
    );
    const older = await initializeMigrated(dataSourceOptions(database.url));
    sources.push(older);
    expect((await older.query(`SELECT count(*)::int AS n FROM migrations`))[0].n).toBe(MIGRATIONS.length + 1);
  });
});
