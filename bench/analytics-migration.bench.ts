/**
 * How long the partitioning migration (1795401900000) takes on a database that already holds
 * tracking events (npm run bench -- analytics-migration): an embedded Postgres migrated to the
 * migration before it, PAGE_VIEWS page views of one site over DAYS days and PAGE_VIEWS / 100 custom
 * events seeded in SQL, then the migration's up() timed. The tables are locked while it copies the
 * rows (the collector holds events in memory meanwhile, up to its buffer); an operator plans the
 * upgrade by this figure. Writes bench/results/analytics-migration.json.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATIONS } from '../apps/api/src/database/data-source';
import { startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { PartitionWebsiteEvents1795401900000 } from '../apps/api/src/migrations/1795401900000-partition-website-events';
import { writeResult } from './lib/report';

const PAGE_VIEWS = Number(process.env.BENCH_ANALYTICS_PAGE_VIEWS ?? 1_000_000);
const DAYS = 90;

async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'aide-bench-analytics-migration-'));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'aide',
  });
  const failures: string[] = [];
  let migrateMs: number | undefined;
  try {
    const db = await new DataSource({
      ...dataSourceOptions(pg.url),
      migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(PartitionWebsiteEvents1795401900000)),
      migrationsRun: true,
    }).initialize();
    try {
      const [{ id: userId }] = await db.query<{ id: number }[]>(
        `INSERT INTO users (email) VALUES ('bench@example.test') RETURNING id`,
      );
      const [{ id: siteId }] = await db.query<{ id: number }[]>(
        `INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, 'Bench', 'https://bench.example/', 'benchKey') RETURNING id`,
        [userId],
      );
      const seeding = performance.now();
      await db.query(
        `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname, "referrerHost")
         SELECT $1, i % 40000, now() - (i * ($3 * 86400.0 / $2)) * interval '1 second', '/blog/post-' || (i % 2000),
                CASE WHEN i % 7 = 0 THEN 'news.example' END
           FROM generate_series(1, $2::int) AS i`,
        [siteId, PAGE_VIEWS, DAYS],
      );
      await db.query(
        `INSERT INTO website_custom_events ("websiteId", "visitorHash", "occurredAt", name, pathname)
         SELECT $1, i, now() - (i * ($3 * 86400.0 / $2)) * interval '1 second', 'signup', '/'
           FROM generate_series(1, $2::int) AS i`,
        [siteId, Math.floor(PAGE_VIEWS / 100), DAYS],
      );
      await db.query('VACUUM ANALYZE');
      console.log(`Seeded ${PAGE_VIEWS} page views in ${Math.round((performance.now() - seeding) / 1000)} s`);
      const runner = db.createQueryRunner();
      try {
        await runner.startTransaction();
        const started = performance.now();
        await new PartitionWebsiteEvents1795401900000().up(runner);
        await runner.commitTransaction();
        migrateMs = performance.now() - started;
      } finally {
        await runner.release();
      }
      const [{ n }] = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM website_pageviews`);
      if (n !== PAGE_VIEWS) failures.push(`${n} page views after the migration, not ${PAGE_VIEWS}`);
      console.log(`Migration 1795401900000 on ${PAGE_VIEWS} page views: ${Math.round(migrateMs ?? 0)} ms`);
    } finally {
      await db.destroy();
    }
  } finally {
    await pg.stop();
    await rm(root, { recursive: true, force: true });
  }
  await writeResult({
    name: 'analytics-migration',
    date: new Date().toISOString(),
    rows: [
      {
        group: 'Analytics: the partitioning migration',
        metric: `up() on ${PAGE_VIEWS.toLocaleString('en')} page views and ${Math.floor(PAGE_VIEWS / 100).toLocaleString('en')} custom events (${DAYS} days)`,
        unit: 'ms',
        median: Math.round(migrateMs ?? 0),
      },
    ],
    failures,
    notes: ['One run, in one transaction, as the migrations run at start-up.'],
  });
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
