import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Inbox as AddEmailDashboardIndexes wrote it, before snoozing, deleting and folders (issue 24) narrowed it. */
const OLD_INBOX = `"isArchived" = false AND coalesce(metadata->>'status', '') NOT IN ('draft', 'sent')`;
/** The Inbox today (email-tabs.ts INBOX), word for word, so the planner can prove the dashboard's count is inside it. */
const INBOX = `${OLD_INBOX} AND "snoozedUntil" IS NULL AND "isTrashed" = false AND "folder" IS NULL`;

/**
 * Two of the dashboard's queries had lost their index (issue 29, measured with 10,000 tasks and
 * 50,000 emails a user):
 * - the Inbox count by priority and read state: the Inbox gained three conditions (not snoozed, not
 *   deleted, not filed) after its partial index was made, so the index no longer covered the query
 *   and every count read the Inbox's 45,000 rows from the table (a bitmap heap scan, 3,373 buffers).
 *   Made again with today's Inbox as its predicate, the count is an index-only scan again.
 * - the tasks completed today (the priority list keeps them, struck through): read through
 *   IDX_tasks_userId, all 10,000 of the user's tasks filtered (295 buffers). A partial index of the
 *   completed tasks by (userId, updatedAt) reads only today's.
 */
export class FitDashboardIndexes1795402100000 implements MigrationInterface {
  name = 'FitDashboardIndexes1795402100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_emails_inbox_userId_priority_isRead"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_inbox_userId_priority_isRead" ON "emails" ("userId", "priority", "isRead") WHERE ${INBOX}`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_tasks_completed_userId_updatedAt" ON "tasks" ("userId", "updatedAt") WHERE "status" = 'completed'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_tasks_completed_userId_updatedAt"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_inbox_userId_priority_isRead"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_inbox_userId_priority_isRead" ON "emails" ("userId", "priority", "isRead") WHERE ${OLD_INBOX}`,
    );
  }
}
