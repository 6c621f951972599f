import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's connected external calendars (removed with the user), and for each, which local event
 * matches which remote one (removed with the integration). `credentials` holds the password or
 * OAuth tokens encrypted (common/crypto); `providerState` the non-secret sync position (CalDAV
 * calendar URL and ctag, Google syncToken, Graph deltaLink). A link's eventId has no foreign key
 * on purpose: a link outliving its event is how a local deletion is noticed and sent to the remote.
 */
export class CreateCalendarIntegrations1795294000000 implements MigrationInterface {
  name = 'CreateCalendarIntegrations1795294000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "calendar_integrations" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "provider" character varying(20) NOT NULL,
        "calendarName" character varying(200) NOT NULL,
        "syncEnabled" boolean NOT NULL DEFAULT true,
        "syncDirection" character varying(10) NOT NULL DEFAULT 'two_way',
        "syncing" boolean NOT NULL DEFAULT false,
        "lastSyncAt" TIMESTAMP WITH TIME ZONE,
        "lastSyncError" character varying(2000),
        "credentials" text NOT NULL,
        "providerState" jsonb NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_calendar_integrations" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_calendar_integrations_provider" CHECK ("provider" IN ('google', 'icloud', 'outlook', 'caldav')),
        CONSTRAINT "CHK_calendar_integrations_syncDirection" CHECK ("syncDirection" IN ('import', 'export', 'two_way')),
        CONSTRAINT "FK_calendar_integrations_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_calendar_integrations_userId" ON "calendar_integrations" ("userId")`);
    await queryRunner.query(`
      CREATE TABLE "calendar_event_links" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "integrationId" integer NOT NULL,
        "eventId" integer NOT NULL,
        "remoteId" character varying(2000) NOT NULL,
        "remoteEtag" character varying(500),
        "localHash" character varying(64) NOT NULL,
        CONSTRAINT "PK_calendar_event_links" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_calendar_event_links_integrationId_remoteId" UNIQUE ("integrationId", "remoteId"),
        CONSTRAINT "UQ_calendar_event_links_integrationId_eventId" UNIQUE ("integrationId", "eventId"),
        CONSTRAINT "FK_calendar_event_links_integrationId" FOREIGN KEY ("integrationId") REFERENCES "calendar_integrations" ("id") ON DELETE CASCADE
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar_event_links"`);
    await queryRunner.query(`DROP TABLE "calendar_integrations"`);
  }
}
