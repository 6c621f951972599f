import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Daily briefing (issue 27): profiles.dailyBriefing, how the morning briefing comes ('off' by
 * default, 'notification' in the bell, 'email' as a mail too), and profiles.briefingTime, when
 * ('HH:mm' in the profile's timezone, 07:30 by default).
 */
export class AddDailyBriefingPreferences1795401300000 implements MigrationInterface {
  name = 'AddDailyBriefingPreferences1795401300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" ADD "dailyBriefing" character varying(20) NOT NULL DEFAULT 'off'`);
    await queryRunner.query(`ALTER TABLE "profiles" ADD "briefingTime" character varying(5) NOT NULL DEFAULT '07:30'`);
    await queryRunner.query(
      `ALTER TABLE "profiles" ADD CONSTRAINT "CHK_profiles_dailyBriefing" CHECK ("dailyBriefing" IN ('off', 'notification', 'email'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" DROP CONSTRAINT "CHK_profiles_dailyBriefing"`);
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "briefingTime"`);
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "dailyBriefing"`);
  }
}
