import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'task_due', 'event_reminder', 'research_finished', 'sync_failed', 'system'`;
const KINDS_AFTER = `'task_due', 'task_reminder', 'event_reminder', 'research_finished', 'sync_failed', 'system'`;

/**
 * Reminders that reach the user (issue 23): push_subscriptions, each browser's Web Push
 * subscription (endpoint unique: one browser profile, its latest user), and the notification kind
 * 'task_reminder' (a task's own reminder, apart from the 24-hour 'task_due').
 */
export class CreatePushSubscriptions1795296500000 implements MigrationInterface {
  name = 'CreatePushSubscriptions1795296500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "push_subscriptions" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "endpoint" character varying(1000) NOT NULL,
        "p256dh" character varying(200) NOT NULL,
        "authSecret" character varying(200) NOT NULL,
        "userAgent" character varying(200),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_push_subscriptions" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_push_subscriptions_endpoint" UNIQUE ("endpoint"),
        CONSTRAINT "FK_push_subscriptions_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_push_subscriptions_userId" ON "push_subscriptions" ("userId")`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "CHK_notifications_kind"`);
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "CHK_notifications_kind" CHECK ("kind" IN (${KINDS_AFTER}))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "notifications" WHERE "kind" = 'task_reminder'`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "CHK_notifications_kind"`);
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "CHK_notifications_kind" CHECK ("kind" IN (${KINDS_BEFORE}))`,
    );
    await queryRunner.query(`DROP TABLE "push_subscriptions"`);
  }
}
