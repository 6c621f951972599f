import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'task_due', 'task_reminder', 'event_reminder', 'research_finished', 'sync_failed', 'system'`;
const KINDS_AFTER = `${KINDS_BEFORE}, 'daily_briefing'`;

/** Daily briefing (issue 27): notifications of kind 'daily_briefing', the morning briefing in the bell. */
export class AddDailyBriefingNotificationKind1795401310000 implements MigrationInterface {
  name = 'AddDailyBriefingNotificationKind1795401310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "CHK_notifications_kind"`);
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "CHK_notifications_kind" CHECK ("kind" IN (${KINDS_AFTER}))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "notifications" WHERE "kind" = 'daily_briefing'`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "CHK_notifications_kind"`);
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "CHK_notifications_kind" CHECK ("kind" IN (${KINDS_BEFORE}))`,
    );
  }
}
