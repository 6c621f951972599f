import { DASHBOARD_LIMITS, type OrganiserDashboard, TASK_PRIORITIES } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolQuery } from '../common/entity-rows';
import { DashboardPart, type DashboardProvider } from '../dashboard/dashboard-provider';
import { localDayStart } from '../dashboard/local-day';
import type { TaskEntity } from './task.entity';
import { toTask } from './task.mapper';

/** Open tasks: what the dashboard counts and lists (the partial indexes' predicate, word for word). */
const OPEN = `t.status <> 'completed'`;

const COLUMNS = `t.id, t."userId", t.title, t.description, t.priority, t.status, t."dueDate", t.category,
  t.recurrence, t."recurrenceMode", t.subtasks, t."reminderMinutes", t."sourceEmailId", t."sourceDocumentId",
  t."createdAt", t."updatedAt"`;

/** A priority's place in the list: high first. */
const RANK = `CASE t.priority ${TASK_PRIORITIES.map((priority, rank) => `WHEN '${priority}' THEN ${rank}`).join(' ')} END`;

/**
 * One branch per priority for the open tasks, each served in due-date order by
 * IDX_tasks_open_userId_priority_dueDate, and one for the tasks completed today (updated since the start
 * of the user's day, $3 and $4: now and the timezone), which stay in the list struck through (spec: Dashboard, Priority Tasks) instead of
 * vanishing when ticked. Completed before today, they leave room for open tasks.
 */
const candidates = [
  ...TASK_PRIORITIES.map(
    (priority, rank) =>
      `(SELECT ${COLUMNS}, ${rank} AS rank FROM tasks t WHERE t."userId" = $1 AND ${OPEN} AND t.priority = '${priority}'
         ORDER BY t."dueDate" ASC NULLS LAST, t.id LIMIT $2)`,
  ),
  `(SELECT ${COLUMNS}, ${RANK} AS rank FROM tasks t
     WHERE t."userId" = $1 AND t.status = 'completed' AND t."updatedAt" >= ${localDayStart('$3', '$4', 0)}
     ORDER BY rank, t."dueDate" ASC NULLS LAST, t.id LIMIT $2)`,
].join(' UNION ALL ');

/** The keys of the organiser's dashboard part that the tasks fill (the events fill todayEvents). */
export type TasksDashboardPart = Omit<OrganiserDashboard, 'todayEvents'>;

/**
 * The tasks' keys of the organiser's dashboard part:
 * - todayTasks: open tasks due today (in the user's timezone);
 * - todayTasksChange: that minus the open tasks due yesterday ('+N from yesterday');
 * - priorityTasks: up to DASHBOARD_LIMITS.priorityTasks tasks that are open or were completed today
 *   (in the user's timezone), high before medium before low, then soonest due (no due date last); a
 *   task ticked on the dashboard keeps its place, struck through.
 * Two queries, the open tasks read through index range scans, the counting done in Postgres.
 */
@DashboardPart({ module: 'organiser' })
@Injectable()
export class TasksDashboardProvider implements DashboardProvider<TasksDashboardPart> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async contribute(userId: number, now: Date, timezone: string): Promise<TasksDashboardPart> {
    const [counts, priorityTasks] = await Promise.all([
      this.dueCounts(userId, now, timezone),
      this.priorityTasks(userId, now, timezone),
    ]);
    return { todayTasks: counts.today, todayTasksChange: counts.today - counts.yesterday, priorityTasks };
  }

  private async dueCounts(userId: number, now: Date, timezone: string): Promise<{ today: number; yesterday: number }> {
    const [row]: { today: number; yesterday: number }[] = await poolQuery(
      this.dataSource,
      `SELECT count(*) FILTER (WHERE t."dueDate" >= d.today)::int AS today,
              count(*) FILTER (WHERE t."dueDate" < d.today)::int AS yesterday
         FROM (SELECT ${localDayStart('$2', '$3', -1)} AS yesterday, ${localDayStart('$2', '$3', 0)} AS today,
                      ${localDayStart('$2', '$3', 1)} AS tomorrow) d
         JOIN tasks t ON t."userId" = $1 AND ${OPEN} AND t."dueDate" >= d.yesterday AND t."dueDate" < d.tomorrow`,
      [userId, now, timezone],
    );
    return row;
  }

  private async priorityTasks(userId: number, now: Date, timezone: string) {
    const rows: TaskEntity[] = await poolQuery(
      this.dataSource,
      `SELECT id, "userId", title, description, priority, status, "dueDate", category,
              recurrence, "recurrenceMode", subtasks, "reminderMinutes", "sourceEmailId", "sourceDocumentId",
              "createdAt", "updatedAt"
         FROM (${candidates}) top
        ORDER BY rank, "dueDate" ASC NULLS LAST, id
        LIMIT $2`,
      [userId, DASHBOARD_LIMITS.priorityTasks, now, timezone],
    );
    return rows.map(toTask);
  }
}
