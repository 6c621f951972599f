import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * research_run_starts: when each research run (a start or a rerun) began, per user, for the plans'
 * daily research quota (PLAN_QUOTAS). Kept apart from the reports so deleting a report does not
 * give its run back; rows older than a day are deleted as new runs are logged.
 */
export class CreateResearchRunStarts1795295500000 implements MigrationInterface {
  name = 'CreateResearchRunStarts1795295500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "research_run_starts" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_research_run_starts" PRIMARY KEY ("id"),
        CONSTRAINT "FK_research_run_starts_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_research_run_starts_userId_startedAt" ON "research_run_starts" ("userId", "startedAt")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "research_run_starts"`);
  }
}
