import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One secret iCalendar feed token per user (GET /api/calendar/feed/<token>.ics), removed with them.
 * The unique constraint's index is what the public feed route looks the token up by.
 */
export class CreateCalendarFeeds1795293800000 implements MigrationInterface {
  name = 'CreateCalendarFeeds1795293800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "calendar_feeds" (
        "userId" integer NOT NULL,
        "token" character varying(64) NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_calendar_feeds" PRIMARY KEY ("userId"),
        CONSTRAINT "UQ_calendar_feeds_token" UNIQUE ("token"),
        CONSTRAINT "FK_calendar_feeds_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar_feeds"`);
  }
}
