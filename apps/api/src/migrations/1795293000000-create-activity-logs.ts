import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The activity log: one row per successful mutation, kept when its user is deleted. */
export class CreateActivityLogs1795293000000 implements MigrationInterface {
  name = 'CreateActivityLogs1795293000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "activity_logs" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "userId" integer,
        "action" character varying(100) NOT NULL,
        "resource" character varying(200) NOT NULL,
        "metadata" jsonb,
        CONSTRAINT "PK_activity_logs" PRIMARY KEY ("id"),
        CONSTRAINT "FK_activity_logs_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_activity_logs_createdAt" ON "activity_logs" ("createdAt")`);
    await queryRunner.query(`CREATE INDEX "IDX_activity_logs_userId" ON "activity_logs" ("userId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "activity_logs"`);
  }
}
