import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox (issue 24, scheduled send and undo send): one row per message handed to Send, waiting
 * for its time, then claimed by one worker (waiting → sending) and sent exactly once. It goes with
 * its user and its account; the copy in Sent it became may be deleted without it.
 */
export class CreateOutgoingEmails1795400200000 implements MigrationInterface {
  name = 'CreateOutgoingEmails1795400200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "outgoing_emails" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "integrationId" integer NOT NULL,
        "message" jsonb NOT NULL,
        "messageId" character varying(998) NOT NULL,
        "sendAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "scheduled" boolean NOT NULL DEFAULT false,
        "status" character varying(10) NOT NULL DEFAULT 'waiting',
        "error" text,
        "sentEmailId" integer,
        "attempts" integer NOT NULL DEFAULT 0,
        "claimedAt" TIMESTAMP WITH TIME ZONE,
        "sentAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_outgoing_emails" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_outgoing_emails_status" CHECK ("status" IN ('waiting', 'sending', 'sent', 'failed', 'cancelled')),
        CONSTRAINT "FK_outgoing_emails_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_outgoing_emails_integrationId" FOREIGN KEY ("integrationId") REFERENCES "email_integrations" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_outgoing_emails_sentEmailId" FOREIGN KEY ("sentEmailId") REFERENCES "emails" ("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_outgoing_emails_userId_status_sendAt" ON "outgoing_emails" ("userId", "status", "sendAt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outgoing_emails_waiting_sendAt" ON "outgoing_emails" ("sendAt") WHERE "status" = 'waiting'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "outgoing_emails"`);
  }
}
