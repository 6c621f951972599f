import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Suggested tags and category shown apart (issue 30): what the extraction job's AI suggests for a
 * document goes to "suggestedTags" and "suggestedCategory", never to the person's own "tags" and
 * "category"; one click keeps a suggestion (it moves across), and the person can dismiss them.
 * Tags written by the AI before this migration cannot be told from the person's, so they stay.
 */
export class AddDocumentSuggestions1795403100000 implements MigrationInterface {
  name = 'AddDocumentSuggestions1795403100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD "suggestedTags" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "suggestedCategory" character varying(20)`);
    await queryRunner.query(
      `ALTER TABLE "documents" ADD CONSTRAINT "CHK_documents_suggestedCategory" CHECK ("suggestedCategory" IN ('Work', 'Personal', 'Legal', 'Financial', 'Medical', 'Education', 'Reference'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP CONSTRAINT "CHK_documents_suggestedCategory"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "suggestedCategory"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "suggestedTags"`);
  }
}
