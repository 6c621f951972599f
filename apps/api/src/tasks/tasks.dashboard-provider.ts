import { DASHBOARD_LIMITS, TASK_PRIORITIES } from '@aide/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DashboardContribution, DashboardProvider } from '../dashboard/dashboard-provider';
import { DashboardRegistry } from '../dashboard/dashboard.registry';
import { localDayStart } from '../dashboard/local-day';
import type { TaskEntity } from './task.entity';
import { toTask } from './task.mapper';

/** Open tasks: what the dashboard counts and lists (the partial indexes' predicate, word for word). */
const OPEN = `t.status <> 'completed'`;

const COLUMNS = `t.id, t."userId", t.title, t.description, t.priority, t.status, t."dueDate", t.category, t."createdAt", t."updatedAt"`;

/** One branch per priority, each served in due-date order by IDX_tasks_open_userId_priority_dueDate. */
const byPriority = TASK_PRIORITIES.map(
  (priority, rank) =>
    `(SELECT ${COLUMNS}, ${rank} AS rank FROM tasks t WHERE t."userId" = $1 AND ${OPEN} AND t.priority = '${priority}'
       ORDER BY t."dueDate" ASC NULLS LAST, t.id LIMIT $2)`,
).join(' UNION ALL ');

/**
 * The tasks' part of the dashboard:
 * - stats.todayTasks: open tasks due today (in the user's timezone);
 * - statDetails.todayTasksChange: that minus the open tasks due yesterday ('+N from yesterday');
 * - priorityTasks: up to DASHBOARD_LIMITS.priorityTasks open tasks, high before medium before low,
 *   then soonest due (no due date last).
 * Two queries, both index range scans with the counting done in Postgres.
 */
@Injectable()
export class TasksDashboardProvider implements DashboardProvider, OnModuleInit {
  readonly moduleId = 'organiser';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: DashboardRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async contribute(userId: number, now: Date, timezone: string): Promise<DashboardContribution> {
    const [counts, priorityTasks] = await Promise.all([
      this.dueCounts(userId, now, timezone),
      this.priorityTasks(userId),
    ]);
    return {
      stats: { todayTasks: counts.today },
      statDetails: { todayTasksChange: counts.today - counts.yesterday },
      priorityTasks,
    };
  }

  private async dueCounts(userId: number, now: Date, timezone: string): Promise<{ today: number; yesterday: number }> {
    const [row]: { today: number; yesterday: number }[] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE t."dueDate" >= d.today)::int AS today,
              count(*) FILTER (WHERE t."dueDate" < d.today)::int AS yesterday
         FROM (SELECT ${localDayStart('$2', '$3', -1)} AS yesterday, ${localDayStart('$2', '$3', 0)} AS today,
                      ${localDayStart('$2', '$3', 1)} AS tomorrow) d
         JOIN tasks t ON t."userId" = $1 AND ${OPEN} AND t."dueDate" >= d.yesterday AND t."dueDate" < d.tomorrow`,
      [userId, now, timezone],
    );
    return row;
  }

  private async priorityTasks(userId: number) {
    const rows: TaskEntity[] = await this.dataSource.query(
      `SELECT id, "userId", title, description, priority, status, "dueDate", category, "createdAt", "updatedAt"
         FROM (${byPriority}) top
        ORDER BY rank, "dueDate" ASC NULLS LAST, id
        LIMIT $2`,
      [userId, DASHBOARD_LIMITS.priorityTasks],
    );
    return rows.map(toTask);
  }
}
