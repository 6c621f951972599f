import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail that turns into action (issue 26): `suggestions`, what a message or a document could become
 * (an event, a task, a stored document, a trip or one of its items), pending until the person
 * accepts or dismisses it; one per user, source and key, so reading a source again never proposes
 * the same thing twice, nor a dismissed one again. And the links back: the event, task or document
 * keeps the message (or document) it was made from.
 */
export class CreateSuggestions1795400750000 implements MigrationInterface {
  name = 'CreateSuggestions1795400750000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "suggestions" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "emailId" integer,
        "documentId" integer,
        "kind" character varying(20) NOT NULL,
        "origin" character varying(20) NOT NULL,
        "status" character varying(20) NOT NULL DEFAULT 'pending',
        "key" character varying(300) NOT NULL,
        "title" character varying(300) NOT NULL,
        "detail" character varying(500),
        "draft" jsonb NOT NULL,
        "result" jsonb,
        "decidedBy" character varying(10),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "decidedAt" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_suggestions" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_suggestions_kind" CHECK ("kind" IN ('event', 'task', 'document', 'trip', 'trip-item')),
        CONSTRAINT "CHK_suggestions_status" CHECK ("status" IN ('pending', 'accepted', 'dismissed')),
        CONSTRAINT "CHK_suggestions_source" CHECK (("emailId" IS NULL) <> ("documentId" IS NULL)),
        CONSTRAINT "FK_suggestions_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_suggestions_emailId" FOREIGN KEY ("emailId") REFERENCES "emails"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_suggestions_documentId" FOREIGN KEY ("documentId") REFERENCES "documents"("id") ON DELETE CASCADE
      )
    `);
    // One per source and key: NULLS NOT DISTINCT is not needed, exactly one of the two is set.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_suggestions_email_key" ON "suggestions" ("userId", "emailId", "key") WHERE "emailId" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_suggestions_document_key" ON "suggestions" ("userId", "documentId", "key") WHERE "documentId" IS NOT NULL`,
    );

    // Which version of the detectors last read the message or document (SUGGESTIONS_VERSION); 0: not yet.
    await queryRunner.query(`ALTER TABLE "emails" ADD "suggestionsVersion" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "suggestionsVersion" smallint NOT NULL DEFAULT 0`);

    await queryRunner.query(`ALTER TABLE "events" ADD "sourceEmailId" integer`);
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_events_sourceEmailId" FOREIGN KEY ("sourceEmailId") REFERENCES "emails"("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_events_sourceEmailId" ON "events" ("sourceEmailId")`);
    await queryRunner.query(`ALTER TABLE "tasks" ADD "sourceEmailId" integer`);
    await queryRunner.query(`ALTER TABLE "tasks" ADD "sourceDocumentId" integer`);
    await queryRunner.query(
      `ALTER TABLE "tasks" ADD CONSTRAINT "FK_tasks_sourceEmailId" FOREIGN KEY ("sourceEmailId") REFERENCES "emails"("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "tasks" ADD CONSTRAINT "FK_tasks_sourceDocumentId" FOREIGN KEY ("sourceDocumentId") REFERENCES "documents"("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_tasks_sourceEmailId" ON "tasks" ("sourceEmailId")`);
    await queryRunner.query(`CREATE INDEX "IDX_tasks_sourceDocumentId" ON "tasks" ("sourceDocumentId")`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "sourceEmailId" integer`);
    await queryRunner.query(
      `ALTER TABLE "documents" ADD CONSTRAINT "FK_documents_sourceEmailId" FOREIGN KEY ("sourceEmailId") REFERENCES "emails"("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_documents_sourceEmailId" ON "documents" ("sourceEmailId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_documents_sourceEmailId"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP CONSTRAINT "FK_documents_sourceEmailId"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "sourceEmailId"`);
    await queryRunner.query(`DROP INDEX "IDX_tasks_sourceDocumentId"`);
    await queryRunner.query(`DROP INDEX "IDX_tasks_sourceEmailId"`);
    await queryRunner.query(`ALTER TABLE "tasks" DROP CONSTRAINT "FK_tasks_sourceDocumentId"`);
    await queryRunner.query(`ALTER TABLE "tasks" DROP CONSTRAINT "FK_tasks_sourceEmailId"`);
    await queryRunner.query(`ALTER TABLE "tasks" DROP COLUMN "sourceDocumentId"`);
    await queryRunner.query(`ALTER TABLE "tasks" DROP COLUMN "sourceEmailId"`);
    await queryRunner.query(`DROP INDEX "IDX_events_sourceEmailId"`);
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_events_sourceEmailId"`);
    await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "sourceEmailId"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "suggestionsVersion"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "suggestionsVersion"`);
    await queryRunner.query(`DROP TABLE "suggestions"`);
  }
}
