import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Admins' overrides of a module's manifest URL (PATCH /api/admin/modules/:id). */
export class CreateModuleSources1795293500000 implements MigrationInterface {
  name = 'CreateModuleSources1795293500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "module_sources" (
        "moduleId" character varying(100) NOT NULL,
        "manifestUrl" character varying(2000) NOT NULL,
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_module_sources" PRIMARY KEY ("moduleId")
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "module_sources"`);
  }
}
