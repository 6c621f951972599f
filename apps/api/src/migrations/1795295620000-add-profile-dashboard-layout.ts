import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * profiles.dashboardLayout: the dashboard's card order and hidden cards as the user saved them
 * ({ order: string[], hidden: string[] } of '<moduleId>.<widgetId>' keys); null, the default
 * layout, for every existing profile.
 */
export class AddProfileDashboardLayout1795295620000 implements MigrationInterface {
  name = 'AddProfileDashboardLayout1795295620000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" ADD "dashboardLayout" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "dashboardLayout"`);
  }
}
