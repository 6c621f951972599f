import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Text from scans (issue 26): documents."pages", per page of a PDF or image whether its text was
 * extracted from its text layer, recognised (OCR) or neither; "recognitionError", why scanned pages
 * were not recognised (no OCR on the server, an image too large).
 */
export class AddDocumentPages1795400800000 implements MigrationInterface {
  name = 'AddDocumentPages1795400800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD "pages" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "recognitionError" character varying(1000)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "recognitionError"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "pages"`);
  }
}
