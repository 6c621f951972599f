// The migration PartitionWebsiteEvents on a database that already holds tracking events: every row
// moves into its month's partition with its id, new rows continue the ids, the site's deletion still
// cascades, and down() gives the plain tables back with the same rows.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { dataSourceOptions, MIGRATIONS } from '../../database/data-source';
import { PartitionWebsiteEvents1795401900000 } from '../../migrations/1795401900000-partition-website-events';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  dataSource = await new DataSource({
    ...dataSourceOptions(database.url),
    migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(PartitionWebsiteEvents1795401900000)),
    migrationsRun: true,
  }).initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

const partitionsOf = async (table: string) =>
  (
    await dataSource.query<{ name: string; schema: string }[]>(
      `SELECT c.relname AS name, n.nspname AS schema FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE i.inhparent = $1::regclass ORDER BY 1`,
      [table],
    )
  ).map((row) => `${row.schema}.${row.name}`);

it('moves the stored page views and custom events into month partitions, ids kept, and back on down()', async () => {
  const [{ id: userId }] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO users (email) VALUES ('ann@example.test') RETURNING id`,
  );
  const [{ id: siteId }] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, 'Shop', 'https://shop.example/', 'partKey1') RETURNING id`,
    [userId],
  );
  // Around the turn of January 2024, and March: 30 rows in all.
  await dataSource.query(
    `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname, "referrerHost", "utmSource")
     SELECT $1, n, CASE WHEN n <= 20 THEN '2024-01-31T23:50:00Z'::timestamptz ELSE '2024-03-01T00:00:00Z'::timestamptz END + n * interval '1 minute',
            '/p/' || n, 'news.example', CASE WHEN n % 2 = 0 THEN 'newsletter' END
       FROM generate_series(1, 30) AS n`,
    [siteId],
  );
  await dataSource.query(
    `INSERT INTO website_custom_events ("websiteId", "visitorHash", "occurredAt", name, pathname)
     VALUES ($1, 1, '2024-01-15T10:00:00Z', 'signup', '/'), ($1, 2, '2024-03-15T10:00:00Z', 'signup', '/')`,
    [siteId],
  );
  const before = await dataSource.query(`SELECT * FROM website_pageviews ORDER BY id`);
  const eventsBefore = await dataSource.query(`SELECT * FROM website_custom_events ORDER BY id`);

  const runner = dataSource.createQueryRunner();
  try {
    await new PartitionWebsiteEvents1795401900000().up(runner);
    expect(await partitionsOf('website_pageviews')).toEqual(
      expect.arrayContaining([
        'website_events.website_pageviews_2024_01',
        'website_events.website_pageviews_2024_02',
        'website_events.website_pageviews_2024_03',
        'website_events.website_pageviews_default',
      ]),
    );
    expect(await dataSource.query(`SELECT * FROM website_pageviews ORDER BY id`)).toEqual(before);
    expect(await dataSource.query(`SELECT * FROM website_custom_events ORDER BY id`)).toEqual(eventsBefore);
    const perPartition = await dataSource.query(
      `SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM website_pageviews GROUP BY 1 ORDER BY 1`,
    );
    expect(perPartition).toEqual([
      { partition: 'website_events.website_pageviews_2024_01', n: 9 },
      { partition: 'website_events.website_pageviews_2024_02', n: 11 },
      { partition: 'website_events.website_pageviews_2024_03', n: 10 },
    ]);
    // New rows continue after the copied ids; a row far in the future lands in the DEFAULT partition.
    const [next] = await dataSource.query<{ id: string; partition: string }[]>(
      `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname)
       VALUES ($1, 99, '2099-05-01T00:00:00Z', '/later') RETURNING id, tableoid::regclass::text AS partition`,
      [siteId],
    );
    expect(next).toEqual({ id: '31', partition: 'website_events.website_pageviews_default' });

    await new PartitionWebsiteEvents1795401900000().down(runner);
    expect(await partitionsOf('website_pageviews')).toEqual([]);
    const [identity] = await dataSource.query(
      `SELECT is_identity, identity_generation FROM information_schema.columns WHERE table_name = 'website_pageviews' AND column_name = 'id'`,
    );
    expect(identity).toEqual({ is_identity: 'YES', identity_generation: 'ALWAYS' });
    const after = await dataSource.query(`SELECT * FROM website_pageviews WHERE id <= 30 ORDER BY id`);
    expect(after).toEqual(before);
    const [again] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname) VALUES ($1, 1, now(), '/x') RETURNING id`,
      [siteId],
    );
    expect(again.id).toBe('32');

    await new PartitionWebsiteEvents1795401900000().up(runner);
    await dataSource.query(`DELETE FROM websites WHERE id = $1`, [siteId]);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM website_pageviews`)).toEqual([{ n: 0 }]);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM website_custom_events`)).toEqual([{ n: 0 }]);
  } finally {
    await runner.release();
  }
});
