import { tasksEndpoints } from '@aide/contracts';
import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returnedRows } from '../database/returned-rows.util';
import { StreamService } from '../stream/stream.service';
import { TaskEntity } from './task.entity';
import { makeNextOccurrence, userTimezone } from './tasks.service';
import { PeriodicSweep } from '../common/periodic-sweep';

/** How often the sweep runs while the API is up. */
export const TASK_REPEAT_SWEEP_INTERVAL_MS = 60 * 1000;
/** Tasks claimed per transaction, so one sweep after a long outage does not hold thousands of rows locked. */
const BATCH = 200;

/**
 * Brings the next occurrence of each on-schedule repeating task that has fallen due, done or not
 * (a completed one already brought its next when it was completed: see TasksService.update).
 *
 * Exactly once across API processes: a sweep claims a task by taking its rule off it in one UPDATE …
 * WHERE recurrence IS NOT NULL, in the transaction that inserts the next occurrence. A second
 * process' UPDATE waits on the row lock, then finds the rule gone and claims nothing; a completion
 * racing with the sweep locks the same row and finds the same.
 * Runs every minute; sweep() is public so tests run it directly, at chosen times.
 */
@Injectable()
export class TaskRepeatSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly periodic = new PeriodicSweep('Repeating-task sweep', TASK_REPEAT_SWEEP_INTERVAL_MS, () =>
    this.sweep(),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stream: StreamService,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.periodic.stop();
  }

  /** Makes the occurrences due at `now`; answers how many tasks were made. */
  async sweep(now: Date = new Date()): Promise<number> {
    let made = 0;
    for (;;) {
      const { claimed, created } = await this.sweepBatch(now);
      made += created.length;
      if (created.length > 0) {
        // The owners' open tabs refetch their lists, so the new task appears without a reload.
        await this.stream.publishQuietly(
          created.map((task) => ({
            userId: task.userId,
            event: {
              type: 'entity.changed' as const,
              entity: { type: 'task', id: task.id },
              invalidate: [...(tasksEndpoints.create.invalidates ?? [])],
            },
          })),
        );
      }
      if (claimed < BATCH) return made;
    }
  }

  private sweepBatch(now: Date): Promise<{ claimed: number; created: TaskEntity[] }> {
    return this.dataSource.transaction(async (manager) => {
      // The rule comes off in the claiming UPDATE; the old value is read from the locked row first.
      const rows = returnedRows<{ id: number; recurrence: string }>(
        await manager.query(
          `WITH due AS (
           SELECT id, recurrence FROM tasks
            WHERE "recurrenceMode" = 'on_schedule' AND recurrence IS NOT NULL AND "dueDate" <= $1
            ORDER BY "dueDate" LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
         UPDATE tasks t SET recurrence = NULL, "updatedAt" = now()
           FROM due WHERE t.id = due.id AND t.recurrence IS NOT NULL
         RETURNING t.id, due.recurrence`,
          [now],
        ),
      );
      const created: TaskEntity[] = [];
      const zones = new Map<number, string>();
      for (const row of rows) {
        const task = await manager.findOneByOrFail(TaskEntity, { id: row.id });
        task.recurrence = row.recurrence;
        let zone = zones.get(task.userId);
        if (!zone) zones.set(task.userId, (zone = await userTimezone(manager, task.userId)));
        const next = await makeNextOccurrence(manager, task, zone, now);
        if (next) created.push(next);
      }
      return { claimed: rows.length, created };
    });
  }
}
