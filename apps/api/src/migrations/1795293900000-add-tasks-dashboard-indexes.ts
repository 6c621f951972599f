import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's task queries read open (not completed) tasks only, so both indexes are partial:
 * (userId, dueDate) counts today's and yesterday's due tasks by a range scan, and
 * (userId, priority, dueDate) hands the top priority tasks over in order without a sort.
 */
export class AddTasksDashboardIndexes1795293900000 implements MigrationInterface {
  name = 'AddTasksDashboardIndexes1795293900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_tasks_open_userId_dueDate" ON "tasks" ("userId", "dueDate") WHERE "status" <> 'completed'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_tasks_open_userId_priority_dueDate" ON "tasks" ("userId", "priority", "dueDate") WHERE "status" <> 'completed'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_tasks_open_userId_priority_dueDate"`);
    await queryRunner.query(`DROP INDEX "IDX_tasks_open_userId_dueDate"`);
  }
}
