import type { UserPlan, UserRole } from '@aide/contracts';
import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { NotificationsService } from '../notifications/notifications.service';
import { PeriodicSweep } from '../common/periodic-sweep';

/** How far ahead a due date counts as "due soon". */
export const TASK_DUE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs while the API is up. */
export const TASK_DUE_SWEEP_INTERVAL_MS = 60 * 1000;

interface DueTask {
  id: number;
  title: string;
  dueDate: Date;
  userId: number;
  role: UserRole;
  plan: UserPlan;
}

/** One notification per task and due date: moving the due date makes it "due soon" again. */
export const taskDueSourceKey = (taskId: number, dueDate: Date) => `task:${taskId}:${dueDate.toISOString()}`;

/**
 * Tells users about tasks that fall due within the next 24 hours ('Task due soon: <title>'),
 * once per task and due date, for users whose organiser module is available.
 * Runs every minute while the API is up; sweep() is public so tests (and callers) run it directly.
 */
@Injectable()
export class TaskDueNotifier implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly periodic = new PeriodicSweep('Task-due sweep', TASK_DUE_SWEEP_INTERVAL_MS, () => this.sweep());

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly toggles: FeatureTogglesService,
    private readonly notifications: NotificationsService,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start();
  }

  /** Stops the timer and lets a running sweep finish before the database connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.periodic.stop();
  }

  /** Creates the notifications due at `now`; answers how many were new. */
  async sweep(now: Date = new Date()): Promise<number> {
    const due: DueTask[] = await this.dataSource.query(
      `SELECT t.id, t.title, t."dueDate", t."userId", u.role, u.plan
         FROM tasks t JOIN users u ON u.id = t."userId"
        WHERE t.status <> 'completed' AND t."dueDate" > $1 AND t."dueDate" <= $2`,
      [now, new Date(now.getTime() + TASK_DUE_WINDOW_MS)],
    );
    const allowed = await this.toggles.mayUseModule('organiser', due);
    return this.notifications.notifyMany(
      allowed.map((task) => ({
        userId: task.userId,
        kind: 'task_due' as const,
        module: 'organiser',
        title: `Task due soon: ${task.title}`,
        link: '/tasks',
        sourceKey: taskDueSourceKey(task.id, task.dueDate),
      })),
    );
  }

  /**
   * Runs a sweep now, in the background (a task just got a due date). If one is running, another
   * follows it, so the change is never missed.
   */
  nudge(): void {
    this.periodic.nudge();
  }
}
