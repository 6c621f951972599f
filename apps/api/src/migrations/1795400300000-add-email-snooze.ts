import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Snooze and bulk actions (issue 24): emails."snoozedUntil" (hidden from the Inbox until then; the
 * sweep finds the due ones through the partial index) and "resurfacedAt" (the list's sort key of a
 * woken message, so it is on top without touching receivedAt); email_bulk_undo keeps, per bulk
 * action, each row's previous state for the Undo button (expiresAt; user-scoped).
 */
export class AddEmailSnooze1795400300000 implements MigrationInterface {
  name = 'AddEmailSnooze1795400300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" ADD "snoozedUntil" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "emails" ADD "resurfacedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_snoozedUntil" ON "emails" ("snoozedUntil") WHERE "snoozedUntil" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "email_bulk_undo" (
        "token" uuid NOT NULL DEFAULT gen_random_uuid(),
        "userId" integer NOT NULL,
        "previous" jsonb NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_email_bulk_undo" PRIMARY KEY ("token"),
        CONSTRAINT "FK_email_bulk_undo_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_email_bulk_undo_userId" ON "email_bulk_undo" ("userId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_bulk_undo"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_snoozedUntil"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "resurfacedAt"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "snoozedUntil"`);
  }
}
