import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Repeating events and tasks, moved occurrences, reminders, subtasks and time blocks (issue 23).
 * events: recurrence (RRULE value), timezone (the series' zone), exceptions (EXDATE starts),
 * recurringEventId + originalStartTime (a moved occurrence's series and RECURRENCE-ID; the series'
 * deletion removes them), reminders (minutes before), taskId (a time block's task; kept unlinked
 * when the task goes). tasks: recurrence, recurrenceMode, subtasks (the checklist, jsonb),
 * reminderMinutes. profiles: eventReminderMinutes, 10 by default.
 */
export class AddRepeatingItemsAndReminders1795295700000 implements MigrationInterface {
  name = 'AddRepeatingItemsAndReminders1795295700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "events"
        ADD "recurrence" character varying(500),
        ADD "timezone" character varying(64),
        ADD "exceptions" timestamp with time zone array NOT NULL DEFAULT '{}',
        ADD "recurringEventId" integer,
        ADD "originalStartTime" timestamp with time zone,
        ADD "reminders" integer array,
        ADD "taskId" integer`);
    await queryRunner.query(`
      ALTER TABLE "events"
        ADD CONSTRAINT "FK_events_recurringEventId" FOREIGN KEY ("recurringEventId")
          REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        ADD CONSTRAINT "FK_events_taskId" FOREIGN KEY ("taskId")
          REFERENCES "tasks"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE INDEX "IDX_events_recurringEventId" ON "events" ("recurringEventId")`);
    await queryRunner.query(`CREATE INDEX "IDX_events_taskId" ON "events" ("taskId")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_events_series_userId" ON "events" ("userId") WHERE "recurrence" IS NOT NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE "tasks"
        ADD "recurrence" character varying(500),
        ADD "recurrenceMode" character varying(20) NOT NULL DEFAULT 'on_completion',
        ADD "subtasks" jsonb NOT NULL DEFAULT '[]',
        ADD "reminderMinutes" integer,
        ADD CONSTRAINT "CHK_tasks_recurrenceMode" CHECK ("recurrenceMode" IN ('on_completion', 'on_schedule'))`);
    await queryRunner.query(`ALTER TABLE "profiles" ADD "eventReminderMinutes" integer DEFAULT 10`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "eventReminderMinutes"`);
    await queryRunner.query(`
      ALTER TABLE "tasks"
        DROP CONSTRAINT "CHK_tasks_recurrenceMode",
        DROP COLUMN "reminderMinutes",
        DROP COLUMN "subtasks",
        DROP COLUMN "recurrenceMode",
        DROP COLUMN "recurrence"`);
    await queryRunner.query(`DROP INDEX "IDX_events_series_userId"`);
    await queryRunner.query(`DROP INDEX "IDX_events_taskId"`);
    await queryRunner.query(`DROP INDEX "IDX_events_recurringEventId"`);
    await queryRunner.query(`
      ALTER TABLE "events"
        DROP CONSTRAINT "FK_events_taskId",
        DROP CONSTRAINT "FK_events_recurringEventId",
        DROP COLUMN "taskId",
        DROP COLUMN "reminders",
        DROP COLUMN "originalStartTime",
        DROP COLUMN "recurringEventId",
        DROP COLUMN "exceptions",
        DROP COLUMN "timezone",
        DROP COLUMN "recurrence"`);
  }
}
