import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the email module learns and remembers per user:
 * - the triage model (email/triage/naive-bayes.ts): token counts per facet and label
 *   (email_triage_tokens), each label's totals (email_triage_labels), and what each corrected
 *   email taught (email_triage_corrections), so correcting it again takes the first lesson back;
 * - automatic replies (email_auto_responses): the thread each one answered, by Message-IDs with a
 *   GIN index for `&&`, so a thread is answered once across restarts and re-syncs.
 * Everything goes with its user, email or account.
 */
export class CreateEmailTriageModelAndAutoResponses1795294400000 implements MigrationInterface {
  name = 'CreateEmailTriageModelAndAutoResponses1795294400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "email_triage_tokens" (
        "userId" integer NOT NULL,
        "facet" character varying(10) NOT NULL,
        "token" text NOT NULL,
        "label" character varying(20) NOT NULL,
        "count" integer NOT NULL,
        CONSTRAINT "PK_email_triage_tokens" PRIMARY KEY ("userId", "facet", "token", "label"),
        CONSTRAINT "CHK_email_triage_tokens_facet" CHECK ("facet" IN ('priority', 'category')),
        CONSTRAINT "FK_email_triage_tokens_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "email_triage_labels" (
        "userId" integer NOT NULL,
        "facet" character varying(10) NOT NULL,
        "label" character varying(20) NOT NULL,
        "documents" integer NOT NULL,
        "tokens" integer NOT NULL,
        CONSTRAINT "PK_email_triage_labels" PRIMARY KEY ("userId", "facet", "label"),
        CONSTRAINT "CHK_email_triage_labels_facet" CHECK ("facet" IN ('priority', 'category')),
        CONSTRAINT "FK_email_triage_labels_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "email_triage_corrections" (
        "emailId" integer NOT NULL,
        "userId" integer NOT NULL,
        "priority" character varying(10),
        "category" character varying(20),
        "tokens" jsonb NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_email_triage_corrections" PRIMARY KEY ("emailId"),
        CONSTRAINT "FK_email_triage_corrections_emailId" FOREIGN KEY ("emailId") REFERENCES "emails" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_email_triage_corrections_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_email_triage_corrections_userId" ON "email_triage_corrections" ("userId")`,
    );
    await queryRunner.query(`
      CREATE TABLE "email_auto_responses" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "integrationId" integer NOT NULL,
        "emailId" integer,
        "kind" character varying(10) NOT NULL,
        "threadMessageIds" text array NOT NULL,
        "replyMessageId" character varying(998),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_email_auto_responses" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_email_auto_responses_kind" CHECK ("kind" IN ('meeting', 'inquiry')),
        CONSTRAINT "FK_email_auto_responses_integrationId" FOREIGN KEY ("integrationId") REFERENCES "email_integrations" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_email_auto_responses_emailId" FOREIGN KEY ("emailId") REFERENCES "emails" ("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_email_auto_responses_integrationId" ON "email_auto_responses" ("integrationId")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_email_auto_responses_emailId" ON "email_auto_responses" ("emailId")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_email_auto_responses_threadMessageIds" ON "email_auto_responses" USING gin ("threadMessageIds")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_auto_responses"`);
    await queryRunner.query(`DROP TABLE "email_triage_corrections"`);
    await queryRunner.query(`DROP TABLE "email_triage_labels"`);
    await queryRunner.query(`DROP TABLE "email_triage_tokens"`);
  }
}
