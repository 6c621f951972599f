import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analytics at volume (issue 28):
 * - website_pageviews and website_custom_events become tables partitioned by month of "occurredAt"
 *   (PostgreSQL declarative partitioning, UTC months). The partitions live in the schema
 *   "website_events" (website_pageviews_2026_11, …, and a DEFAULT partition, website_pageviews_default,
 *   that takes any row no month partition covers, so no write is lost). The primary key becomes
 *   (id, occurredAt), as PostgreSQL requires the partition key in it; the id comes from a sequence
 *   (an identity column on a partitioned table needs PostgreSQL 17, and the app runs on 15).
 *   The rows of the old tables are copied over with their ids; a partition is made for every month
 *   that has rows, and for this month and the next two (the maintenance job keeps making them ahead).
 * - Daily roll-ups per website, in the owner's timezone: website_daily_stats (page views, visitors,
 *   sessions, bounces, session seconds), website_daily_pages, website_daily_sources,
 *   website_daily_campaigns, website_daily_events and website_daily_goals (a page goal's converted
 *   visitors a day); website_rollup_state says, per website, up to which local day (and in which
 *   timezone) they are complete.
 * Keep the partition names in step with event-partitions.ts (copied here so this migration does not
 * change when that file does).
 */
const SCHEMA = 'website_events';
const EVENT_TABLES = [
  {
    table: 'website_pageviews',
    columns: `
        "websiteId" integer NOT NULL,
        "visitorHash" bigint NOT NULL,
        "occurredAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "pathname" character varying(2000) NOT NULL,
        "referrerHost" character varying(255),
        "utmSource" character varying(100),
        "utmMedium" character varying(100),
        "utmCampaign" character varying(100)`,
    names: `"websiteId", "visitorHash", "occurredAt", "pathname", "referrerHost", "utmSource", "utmMedium", "utmCampaign"`,
  },
  {
    table: 'website_custom_events',
    columns: `
        "websiteId" integer NOT NULL,
        "visitorHash" bigint NOT NULL,
        "occurredAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "name" character varying(100) NOT NULL,
        "pathname" character varying(2000) NOT NULL`,
    names: `"websiteId", "visitorHash", "occurredAt", "name", "pathname"`,
  },
];

export class PartitionWebsiteEvents1795401900000 implements MigrationInterface {
  name = 'PartitionWebsiteEvents1795401900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "${SCHEMA}"`);
    for (const { table, columns, names } of EVENT_TABLES) {
      const old = `${table}_unpartitioned`;
      await queryRunner.query(`ALTER TABLE "${table}" RENAME TO "${old}"`);
      await queryRunner.query(`ALTER TABLE "${old}" RENAME CONSTRAINT "PK_${table}" TO "PK_${old}"`);
      await queryRunner.query(
        `ALTER INDEX "IDX_${table}_websiteId_occurredAt" RENAME TO "IDX_${old}_websiteId_occurredAt"`,
      );
      await queryRunner.query(`ALTER SEQUENCE "${table}_id_seq" RENAME TO "${old}_id_seq"`);
      await queryRunner.query(`CREATE SEQUENCE "${table}_id_seq" AS bigint`);
      await queryRunner.query(`
        CREATE TABLE "${table}" (
          "id" bigint NOT NULL DEFAULT nextval('"${table}_id_seq"'),${columns},
          CONSTRAINT "PK_${table}" PRIMARY KEY ("id", "occurredAt"),
          CONSTRAINT "FK_${table}_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
        ) PARTITION BY RANGE ("occurredAt")`);
      await queryRunner.query(`ALTER SEQUENCE "${table}_id_seq" OWNED BY "${table}"."id"`);
      await queryRunner.query(
        `CREATE INDEX "IDX_${table}_websiteId_occurredAt" ON "${table}" ("websiteId", "occurredAt")`,
      );
      await queryRunner.query(`CREATE TABLE "${SCHEMA}"."${table}_default" PARTITION OF "${table}" DEFAULT`);
      const months: { month: string }[] = await queryRunner.query(
        `SELECT to_char(m, 'YYYY-MM') AS month FROM (
           SELECT DISTINCT date_trunc('month', "occurredAt" AT TIME ZONE 'UTC') AS m FROM "${old}"
           UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + n * interval '1 month' FROM generate_series(0, 2) AS n
         ) months ORDER BY 1`,
      );
      for (const { month } of months) {
        const [year, number] = month.split('-');
        await queryRunner.query(
          `CREATE TABLE "${SCHEMA}"."${table}_${year}_${number}" PARTITION OF "${table}"
             FOR VALUES FROM ('${month}-01 00:00:00+00') TO ('${nextMonth(month)}-01 00:00:00+00')`,
        );
      }
      await queryRunner.query(`INSERT INTO "${table}" ("id", ${names}) SELECT "id", ${names} FROM "${old}"`);
      await queryRunner.query(
        `SELECT setval('"${table}_id_seq"', coalesce((SELECT max("id") FROM "${old}"), 0) + 1, false)`,
      );
      await queryRunner.query(`DROP TABLE "${old}"`);
    }

    await queryRunner.query(`
      CREATE TABLE "website_rollup_state" (
        "websiteId" integer NOT NULL,
        "timezone" character varying(64) NOT NULL,
        "rolledThrough" date NOT NULL,
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_website_rollup_state" PRIMARY KEY ("websiteId"),
        CONSTRAINT "FK_website_rollup_state_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "website_daily_stats" (
        "websiteId" integer NOT NULL,
        "day" date NOT NULL,
        "pageViews" integer NOT NULL,
        "visitors" integer NOT NULL,
        "sessions" integer NOT NULL,
        "bounces" integer NOT NULL,
        "sessionSeconds" double precision NOT NULL,
        CONSTRAINT "PK_website_daily_stats" PRIMARY KEY ("websiteId", "day"),
        CONSTRAINT "FK_website_daily_stats_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "website_daily_pages" (
        "websiteId" integer NOT NULL,
        "day" date NOT NULL,
        "pathname" character varying(2000) NOT NULL,
        "views" integer NOT NULL,
        "visitors" integer NOT NULL,
        CONSTRAINT "PK_website_daily_pages" PRIMARY KEY ("websiteId", "day", "pathname"),
        CONSTRAINT "FK_website_daily_pages_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "website_daily_sources" (
        "websiteId" integer NOT NULL,
        "day" date NOT NULL,
        "source" character varying(255) NOT NULL,
        "visitors" integer NOT NULL,
        CONSTRAINT "PK_website_daily_sources" PRIMARY KEY ("websiteId", "day", "source"),
        CONSTRAINT "FK_website_daily_sources_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "website_daily_campaigns" (
        "websiteId" integer NOT NULL,
        "day" date NOT NULL,
        "campaign" character varying(100) NOT NULL,
        "source" character varying(100) NOT NULL,
        "medium" character varying(100) NOT NULL,
        "visitors" integer NOT NULL,
        "sessions" integer NOT NULL,
        CONSTRAINT "PK_website_daily_campaigns" PRIMARY KEY ("websiteId", "day", "campaign", "source", "medium"),
        CONSTRAINT "FK_website_daily_campaigns_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "website_daily_events" (
        "websiteId" integer NOT NULL,
        "day" date NOT NULL,
        "name" character varying(100) NOT NULL,
        "visitors" integer NOT NULL,
        "events" integer NOT NULL,
        CONSTRAINT "PK_website_daily_events" PRIMARY KEY ("websiteId", "day", "name"),
        CONSTRAINT "FK_website_daily_events_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "website_daily_goals" (
        "goalId" integer NOT NULL,
        "day" date NOT NULL,
        "conversions" integer NOT NULL,
        CONSTRAINT "PK_website_daily_goals" PRIMARY KEY ("goalId", "day"),
        CONSTRAINT "FK_website_daily_goals_goalId" FOREIGN KEY ("goalId") REFERENCES "website_goals" ("id") ON DELETE CASCADE
      )`);
  }

  /** Back to plain tables with identity ids; the rows come along, the roll-ups are dropped (the raw events still hold them). */
  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'website_daily_goals',
      'website_daily_events',
      'website_daily_campaigns',
      'website_daily_sources',
      'website_daily_pages',
      'website_daily_stats',
      'website_rollup_state',
    ])
      await queryRunner.query(`DROP TABLE "${table}"`);
    for (const { table, columns, names } of EVENT_TABLES) {
      const old = `${table}_partitioned`;
      await queryRunner.query(`ALTER TABLE "${table}" RENAME TO "${old}"`);
      await queryRunner.query(`ALTER TABLE "${old}" RENAME CONSTRAINT "PK_${table}" TO "PK_${old}"`);
      await queryRunner.query(
        `ALTER INDEX "IDX_${table}_websiteId_occurredAt" RENAME TO "IDX_${old}_websiteId_occurredAt"`,
      );
      await queryRunner.query(`ALTER SEQUENCE "${table}_id_seq" RENAME TO "${old}_id_seq"`);
      await queryRunner.query(`
        CREATE TABLE "${table}" (
          "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,${columns},
          CONSTRAINT "PK_${table}" PRIMARY KEY ("id"),
          CONSTRAINT "FK_${table}_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
        )`);
      await queryRunner.query(
        `CREATE INDEX "IDX_${table}_websiteId_occurredAt" ON "${table}" ("websiteId", "occurredAt")`,
      );
      await queryRunner.query(
        `INSERT INTO "${table}" ("id", ${names}) OVERRIDING SYSTEM VALUE SELECT "id", ${names} FROM "${old}"`,
      );
      await queryRunner.query(
        `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((SELECT max("id") FROM "${table}"), 0) + 1, false)`,
      );
      await queryRunner.query(`DROP TABLE "${old}"`);
    }
    await queryRunner.query(`DROP SCHEMA "${SCHEMA}" CASCADE`);
  }
}

/** 'YYYY-MM' of the month after `month` ('YYYY-MM'). */
function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}
