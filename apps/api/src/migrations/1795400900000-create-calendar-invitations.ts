import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Meeting invitations (issue 26): calendar_invitations, the iTIP REQUESTs and CANCELs (RFC 5546)
 * read from a user's mail, one per message, with the person's answer and the event it became.
 */
export class CreateCalendarInvitations1795400900000 implements MigrationInterface {
  name = 'CreateCalendarInvitations1795400900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "calendar_invitations" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "emailId" integer NOT NULL,
        "uid" character varying(500) NOT NULL,
        "sequence" integer NOT NULL DEFAULT 0,
        "method" character varying(10) NOT NULL,
        "summary" character varying(500) NOT NULL DEFAULT '',
        "organizerEmail" character varying(320) NOT NULL,
        "organizerName" character varying(500),
        "startTime" TIMESTAMP WITH TIME ZONE NOT NULL,
        "endTime" TIMESTAMP WITH TIME ZONE NOT NULL,
        "allDay" boolean NOT NULL DEFAULT false,
        "timezone" character varying(64),
        "recurrence" character varying(500),
        "location" character varying(500),
        "description" text,
        "attendees" jsonb NOT NULL DEFAULT '[]',
        "response" character varying(20) NOT NULL DEFAULT 'needs-action',
        "eventId" integer,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_calendar_invitations" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_calendar_invitations_userId_emailId" UNIQUE ("userId", "emailId"),
        CONSTRAINT "CHK_calendar_invitations_method" CHECK ("method" IN ('request', 'cancel')),
        CONSTRAINT "CHK_calendar_invitations_response" CHECK ("response" IN ('needs-action', 'accepted', 'tentative', 'declined')),
        CONSTRAINT "FK_calendar_invitations_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_calendar_invitations_emailId" FOREIGN KEY ("emailId") REFERENCES "emails"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_calendar_invitations_eventId" FOREIGN KEY ("eventId") REFERENCES "events"("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_calendar_invitations_userId_uid" ON "calendar_invitations" ("userId", "uid")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar_invitations"`);
  }
}
