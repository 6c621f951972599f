import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail into Documents (issue 26): attachment_rules, a user's rules for filing the attachments of
 * new mail into Documents (sender, subject, type, account → folder and tag), as Paperless-ngx's
 * mail rules do. A rule of a removed account goes with it; one whose folder is removed files into
 * the root.
 */
export class CreateAttachmentRules1795401200000 implements MigrationInterface {
  name = 'CreateAttachmentRules1795401200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "attachment_rules" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "name" character varying(100) NOT NULL,
        "sender" character varying(200),
        "senderMatch" character varying(10) NOT NULL DEFAULT 'contains',
        "subjectContains" character varying(200),
        "attachmentType" character varying(10) NOT NULL DEFAULT 'any',
        "integrationId" integer,
        "folderId" integer,
        "tag" character varying(50),
        "enabled" boolean NOT NULL DEFAULT true,
        "filedCount" integer NOT NULL DEFAULT 0,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_attachment_rules" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_attachment_rules_senderMatch" CHECK ("senderMatch" IN ('contains', 'equals')),
        CONSTRAINT "CHK_attachment_rules_attachmentType" CHECK ("attachmentType" IN ('pdf', 'images', 'any')),
        CONSTRAINT "FK_attachment_rules_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_attachment_rules_integrationId" FOREIGN KEY ("integrationId") REFERENCES "email_integrations"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_attachment_rules_folderId" FOREIGN KEY ("folderId") REFERENCES "document_folders"("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_attachment_rules_userId" ON "attachment_rules" ("userId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "attachment_rules"`);
  }
}
