import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** The event search vector's expression as this migration created it (events/event-search-vector.ts must match). */
const EVENT_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("title", '')), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("description", '')), 'B') || ` +
  `setweight(to_tsvector('simple', coalesce("location", '')), 'C')`;

/**
 * Calendar events, each owned by one user and removed with them. (userId, startTime) serves the
 * calendar's ranges and the dashboard's "today". integrationId has no foreign key here: the
 * calendar integrations table is added separately and may add one then.
 */
export class CreateEvents1795293700000 implements MigrationInterface {
  name = 'CreateEvents1795293700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "events" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "title" character varying(200) NOT NULL,
        "description" text,
        "type" character varying(20) NOT NULL DEFAULT 'meeting',
        "startTime" TIMESTAMP WITH TIME ZONE NOT NULL,
        "endTime" TIMESTAMP WITH TIME ZONE NOT NULL,
        "location" character varying(300),
        "attendees" text array NOT NULL DEFAULT '{}',
        "metadata" jsonb,
        "source" character varying(20) NOT NULL DEFAULT 'local',
        "integrationId" integer,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_events" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_events_type" CHECK ("type" IN ('meeting', 'appointment', 'reminder')),
        CONSTRAINT "CHK_events_source" CHECK ("source" IN ('local', 'google', 'icloud', 'outlook', 'caldav')),
        CONSTRAINT "CHK_events_endTime" CHECK ("endTime" >= "startTime"),
        CONSTRAINT "FK_events_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_events_userId_startTime" ON "events" ("userId", "startTime")`);
    await queryRunner.addColumn(
      'events',
      new TableColumn({
        name: 'searchVector',
        type: 'tsvector',
        isNullable: true,
        generatedType: 'STORED',
        asExpression: EVENT_SEARCH_VECTOR,
      }),
    );
    await queryRunner.query(`CREATE INDEX "IDX_events_searchVector" ON "events" USING gin ("searchVector")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_events_searchVector"`);
    await queryRunner.dropColumn('events', 'searchVector');
    await queryRunner.query(`DROP TABLE "events"`);
  }
}
