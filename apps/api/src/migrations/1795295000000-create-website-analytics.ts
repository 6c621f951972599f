import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Website traffic and uptime (removed with the site):
 * - website_visitor_salts: one random salt per UTC day; the visitor hash is sha256(salt, siteKey,
 *   IP, User-Agent) cut to 64 bits, so a visitor can be counted for a day and never followed
 *   longer. Salts older than yesterday are deleted, after which no hash can be recomputed.
 * - website_pageviews: one row per page view (path only, no query string; referrer host only).
 * - website_sessions: a visitor's page views with at most 30 minutes between them, updated per event.
 * - website_uptime_checks: the periodic HTTP checks, kept 30 days.
 * No IP address, User-Agent or cookie is stored anywhere.
 */
export class CreateWebsiteAnalytics1795295000000 implements MigrationInterface {
  name = 'CreateWebsiteAnalytics1795295000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "website_visitor_salts" (
        "day" date NOT NULL,
        "salt" bytea NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_website_visitor_salts" PRIMARY KEY ("day")
      )
    `);

    await queryRunner.query(`
      CREATE TABLE "website_pageviews" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "websiteId" integer NOT NULL,
        "visitorHash" bigint NOT NULL,
        "occurredAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "pathname" character varying(2000) NOT NULL,
        "referrerHost" character varying(255),
        CONSTRAINT "PK_website_pageviews" PRIMARY KEY ("id"),
        CONSTRAINT "FK_website_pageviews_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_website_pageviews_websiteId_occurredAt" ON "website_pageviews" ("websiteId", "occurredAt")`,
    );

    await queryRunner.query(`
      CREATE TABLE "website_sessions" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "websiteId" integer NOT NULL,
        "visitorHash" bigint NOT NULL,
        "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "lastSeenAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "pageViews" integer NOT NULL DEFAULT 1,
        "engagedMs" integer NOT NULL DEFAULT 0,
        "entryPath" character varying(2000) NOT NULL,
        "referrerHost" character varying(255),
        CONSTRAINT "PK_website_sessions" PRIMARY KEY ("id"),
        CONSTRAINT "FK_website_sessions_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_website_sessions_websiteId_startedAt" ON "website_sessions" ("websiteId", "startedAt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_website_sessions_websiteId_visitorHash_lastSeenAt" ON "website_sessions" ("websiteId", "visitorHash", "lastSeenAt")`,
    );

    await queryRunner.query(`
      CREATE TABLE "website_uptime_checks" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "websiteId" integer NOT NULL,
        "checkedAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ok" boolean NOT NULL,
        "statusCode" smallint,
        "responseMs" integer,
        "error" character varying(500),
        CONSTRAINT "PK_website_uptime_checks" PRIMARY KEY ("id"),
        CONSTRAINT "FK_website_uptime_checks_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_website_uptime_checks_websiteId_checkedAt" ON "website_uptime_checks" ("websiteId", "checkedAt")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "website_uptime_checks"`);
    await queryRunner.query(`DROP TABLE "website_sessions"`);
    await queryRunner.query(`DROP TABLE "website_pageviews"`);
    await queryRunner.query(`DROP TABLE "website_visitor_salts"`);
  }
}
