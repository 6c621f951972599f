import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * notifications.module: the module group that made a notification (null: the platform's), so the
 * bell leaves out a locked module's notifications and shows them again when it is on. Existing rows
 * are attributed by kind, then by the in-app link they open; what neither tells stays null (shown).
 */
export class AddNotificationsModule1795295400000 implements MigrationInterface {
  name = 'AddNotificationsModule1795295400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "module" character varying(40)`);
    await queryRunner.query(`
      UPDATE "notifications" SET "module" = CASE
        WHEN "kind" IN ('task_due', 'event_reminder') THEN 'organiser'
        WHEN "kind" = 'research_finished' THEN 'research'
        WHEN "link" LIKE '/email%' THEN 'email'
        WHEN "link" LIKE '/calendar%' OR "link" LIKE '/tasks%' THEN 'organiser'
        WHEN "link" LIKE '/documents%' THEN 'documents'
        WHEN "link" LIKE '/research%' THEN 'research'
        WHEN "link" LIKE '/social%' THEN 'social'
        WHEN "link" LIKE '/travel%' THEN 'travel'
        WHEN "link" LIKE '/website%' THEN 'website'
      END
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "module"`);
  }
}
