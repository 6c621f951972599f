import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications for the header's bell, removed with their user. (userId, kind, sourceKey) is
 * unique so a producer that runs again (the task-due sweep every minute) never notifies twice.
 */
export class CreateNotifications1795293300000 implements MigrationInterface {
  name = 'CreateNotifications1795293300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notifications" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "kind" character varying(30) NOT NULL,
        "title" character varying(300) NOT NULL,
        "body" character varying(2000),
        "link" character varying(500),
        "readAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "sourceKey" character varying(200),
        CONSTRAINT "PK_notifications" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_notifications_userId_kind_sourceKey" UNIQUE ("userId", "kind", "sourceKey"),
        CONSTRAINT "CHK_notifications_kind" CHECK ("kind" IN ('task_due', 'event_reminder', 'research_finished', 'sync_failed', 'system')),
        CONSTRAINT "FK_notifications_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_notifications_userId_createdAt" ON "notifications" ("userId", "createdAt")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}
