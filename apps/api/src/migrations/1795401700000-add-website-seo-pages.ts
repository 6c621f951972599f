import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SEO audit reads the sitemap's pages too (issue 27): websites."seoPages", the pages the last
 * audit read, home page first, each with its own checks, score and images without alt text.
 */
export class AddWebsiteSeoPages1795401700000 implements MigrationInterface {
  name = 'AddWebsiteSeoPages1795401700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "websites" ADD "seoPages" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "websites" DROP COLUMN "seoPages"`);
  }
}
