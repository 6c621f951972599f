import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletters and privacy (issue 24): email_sender_rules, a user's per-sender choices — 'archive'
 * (new mail from the sender is archived on arrival), 'remote-content' (its remote images always
 * show), 'unsubscribed' (a record that Unsubscribe was done, shown in the Newsletters view).
 * One rule of a kind per user and sender (lower-case address).
 */
export class CreateEmailSenderRules1795400500000 implements MigrationInterface {
  name = 'CreateEmailSenderRules1795400500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "email_sender_rules" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "sender" character varying(320) NOT NULL,
        "kind" character varying(20) NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_email_sender_rules" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_email_sender_rules_user_sender_kind" UNIQUE ("userId", "sender", "kind"),
        CONSTRAINT "CHK_email_sender_rules_kind" CHECK ("kind" IN ('archive', 'remote-content', 'unsubscribed')),
        CONSTRAINT "FK_email_sender_rules_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_sender_rules"`);
  }
}
