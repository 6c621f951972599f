import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaigns, sources and goals (issue 27):
 * - website_pageviews and website_sessions keep the page address's utm_source, utm_medium and
 *   utm_campaign (normalised, at most 100 characters; nothing else of the query). A session's are its
 *   landing page's.
 * - website_custom_events: the named events a site sends (window.aide('signup'), data-aide-goal).
 * - website_goals: a site's conversions to count, a page path or an event name.
 */
export class AddWebsiteCampaignsAndGoals1795401600000 implements MigrationInterface {
  name = 'AddWebsiteCampaignsAndGoals1795401600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['website_pageviews', 'website_sessions']) {
      await queryRunner.query(`
        ALTER TABLE "${table}"
          ADD "utmSource" character varying(100),
          ADD "utmMedium" character varying(100),
          ADD "utmCampaign" character varying(100)`);
    }
    await queryRunner.query(`
      CREATE TABLE "website_custom_events" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "websiteId" integer NOT NULL,
        "visitorHash" bigint NOT NULL,
        "occurredAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "name" character varying(100) NOT NULL,
        "pathname" character varying(2000) NOT NULL,
        CONSTRAINT "PK_website_custom_events" PRIMARY KEY ("id"),
        CONSTRAINT "FK_website_custom_events_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_website_custom_events_websiteId_occurredAt" ON "website_custom_events" ("websiteId", "occurredAt")`,
    );
    await queryRunner.query(`
      CREATE TABLE "website_goals" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "websiteId" integer NOT NULL,
        "kind" character varying(10) NOT NULL,
        "match" character varying(100) NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_website_goals" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_website_goals_websiteId_kind_match" UNIQUE ("websiteId", "kind", "match"),
        CONSTRAINT "CHK_website_goals_kind" CHECK ("kind" IN ('page', 'event')),
        CONSTRAINT "FK_website_goals_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "website_goals"`);
    await queryRunner.query(`DROP TABLE "website_custom_events"`);
    for (const table of ['website_sessions', 'website_pageviews']) {
      await queryRunner.query(
        `ALTER TABLE "${table}" DROP COLUMN "utmCampaign", DROP COLUMN "utmMedium", DROP COLUMN "utmSource"`,
      );
    }
  }
}
