import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk Delete and Move to folder (issue 24): emails."isTrashed" (the message is in its account's
 * Trash: the Trash tab only) and "folder" (the user's own folder holding it: GET /api/emails?folder=);
 * email_integrations."folders", the account's own folders as the last sync found them (the Move to
 * menu reads them without asking the server).
 */
export class AddEmailFolders1795400700000 implements MigrationInterface {
  name = 'AddEmailFolders1795400700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" ADD "isTrashed" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "emails" ADD "folder" character varying(500)`);
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_userId_folder" ON "emails" ("userId", "folder") WHERE "folder" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "email_integrations" ADD "folders" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "email_integrations" DROP COLUMN "folders"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_userId_folder"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "folder"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "isTrashed"`);
  }
}
