import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The module groups whose toggles exist from the start (DECISIONS.md: "Each module has a feature
 * toggle named module.<id>, created with the database, enabled, plan free"), including the ones
 * whose remotes have not landed yet, so an admin can prepare them before they ship.
 */
const MODULE_TOGGLES: readonly [id: string, description: string][] = [
  ['organiser', 'Organiser module (dashboard, tasks, calendar)'],
  ['email', 'Email module (inbox, integrations, AI replies)'],
  ['research', 'Research module (research hub)'],
  ['social', 'Social media module (posts and scheduling)'],
  ['documents', 'Documents module (documents and folders)'],
  ['travel', 'Travel module (trip planner)'],
  ['website', 'Website module (website manager)'],
];

/** Feature toggles, seeded with one enabled, free-plan toggle per module group. */
export class CreateFeatureToggles1795292900000 implements MigrationInterface {
  name = 'CreateFeatureToggles1795292900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "feature_toggles" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "name" character varying(100) NOT NULL,
        "description" character varying(500),
        "enabled" boolean NOT NULL DEFAULT false,
        "planRequired" character varying(20) NOT NULL DEFAULT 'free',
        "adminOnly" boolean NOT NULL DEFAULT false,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_feature_toggles" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_feature_toggles_name" UNIQUE ("name"),
        CONSTRAINT "CHK_feature_toggles_planRequired" CHECK ("planRequired" IN ('free', 'premium', 'enterprise'))
      )
    `);
    for (const [id, description] of MODULE_TOGGLES) {
      await queryRunner.query(
        `INSERT INTO "feature_toggles" ("name", "description", "enabled", "planRequired", "adminOnly") VALUES ($1, $2, true, 'free', false)`,
        [`module.${id}`, description],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "feature_toggles"`);
  }
}
