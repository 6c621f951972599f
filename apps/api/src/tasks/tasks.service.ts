import {
  PROFILE_DEFAULTS,
  REPEATING_TASK_NEEDS_DUE_DATE,
  type CreateTaskPayload,
  type Task,
  type UpdateTaskPayload,
} from '@aide/contracts';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { type EntityRows, entityRows, preparedQuery } from '../common/entity-rows';
import { ProfileEntity } from '../profile/profile.entity';
import { canRemind } from '../reminders/reminder-nudger';
import { TaskEntity } from './task.entity';
import { toTask } from './task.mapper';
import { nextTaskOccurrence } from './task-recurrence';

export const TASK_NOT_FOUND = 'Task not found';

/** Empty optional text is stored as null, so "no description" has one representation. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/** The timezone a user's repeating tasks keep their wall-clock time in: the profile's, else the default. */
export async function userTimezone(manager: EntityManager, userId: number): Promise<string> {
  const profile = await manager.findOne(ProfileEntity, { where: { userId }, select: { userId: true, timezone: true } });
  return profile?.timezone ?? PROFILE_DEFAULTS.timezone;
}

/**
 * Makes the occurrence after `task` (a repeating task just completed, or an on-schedule one that fell
 * due) and takes the rule off `task`, so the rule lives on one task only and no second occurrence
 * can come from this one. Answers the new task, or null when the series has ended. Runs inside the
 * caller's transaction, with `task`'s row locked or already claimed.
 */
export async function makeNextOccurrence(
  manager: EntityManager,
  task: TaskEntity,
  timezone: string,
  now: Date,
): Promise<TaskEntity | null> {
  if (!task.recurrence || !task.dueDate) return null;
  const next = nextTaskOccurrence(
    { dueDate: task.dueDate, recurrence: task.recurrence, subtasks: task.subtasks },
    timezone,
    now,
  );
  task.recurrence = null;
  if (!next) return null;
  return manager.save(
    manager.create(TaskEntity, {
      userId: task.userId,
      title: task.title,
      description: task.description,
      priority: task.priority,
      status: 'pending',
      dueDate: next.dueDate,
      category: task.category,
      recurrence: next.recurrence,
      recurrenceMode: task.recurrenceMode,
      subtasks: next.subtasks,
      reminderMinutes: task.reminderMinutes,
    }),
  );
}

/** What a task was made from (issue 26: a suggestion accepted): the caller has checked both are the user's. */
export interface TaskSource {
  emailId?: number;
  documentId?: number;
}

/** Tasks of one user. Every method takes that user's id and touches no one else's rows. */
@Injectable()
export class TasksService {
  /** GET /api/tasks's statement, written once (entity-rows.ts: find() rebuilt it on every call). */
  private readonly listing: { sql: string; rows: EntityRows<TaskEntity> };

  /** POST /api/tasks's INSERT, written once from the entity metadata (insert() built it on every call). */
  private readonly inserting: { sql: string; columns: ColumnMetadata[]; returning: ColumnMetadata[] };

  constructor(@InjectRepository(TaskEntity) private readonly tasks: Repository<TaskEntity>) {
    const rows = entityRows(tasks.manager.connection, TaskEntity, 't', 'TaskEntity');
    this.listing = {
      sql: `SELECT ${rows.select} FROM "tasks" t WHERE t."userId" = $1 ORDER BY t."createdAt" DESC, t."id" DESC`,
      rows,
    };
    // What insert() writes (every insertable column but the generated ones) and reads back (what it
    // returns: the generated and defaulted columns, less the search vector, which is never selected).
    const { metadata } = tasks;
    const columns = metadata.columns.filter(
      (c) => c.isInsert && !c.isGenerated && !c.isCreateDate && !c.isUpdateDate && !c.isVirtual,
    );
    const returning = metadata.getInsertionReturningColumns().filter((c) => c.isSelect);
    this.inserting = {
      sql: `INSERT INTO "tasks" (${columns.map((c) => `"${c.databaseName}"`).join(', ')}) VALUES (${columns
        .map((_, i) => `$${i + 1}`)
        .join(', ')}) RETURNING ${returning.map((c) => `"${c.databaseName}"`).join(', ')}`,
      columns,
      returning,
    };
  }

  /** Newest first. */
  async list(userId: number): Promise<Task[]> {
    return (await this.listing.rows.find('aide-tasks-list', this.listing.sql, [userId])).map(toTask);
  }

  /** A `userId` in the payload is ignored: the owner is always `userId`. */
  async create(userId: number, input: CreateTaskPayload, source: TaskSource = {}): Promise<Task> {
    const task = this.tasks.create({
      userId,
      title: input.title,
      description: textOrNull(input.description),
      priority: input.priority,
      status: input.status,
      dueDate: input.dueDate ? new Date(input.dueDate) : null,
      category: textOrNull(input.category),
      recurrence: input.recurrence ?? null,
      recurrenceMode: input.recurrenceMode ?? 'on_completion',
      subtasks: input.subtasks ?? [],
      reminderMinutes: input.reminderMinutes ?? null,
      sourceEmailId: source.emailId ?? null,
      sourceDocumentId: source.documentId ?? null,
    });
    // One INSERT … RETURNING, atomic on its own. A task that can remind goes through insert(), which
    // tells the entity subscribers (the reminder nudger sweeps for it at once); the others, most of
    // them, which the nudger ignores, as a prepared statement written once (less CPU per create,
    // bench POST /api/tasks), filling in the generated and defaulted columns as insert() does.
    if (canRemind(task)) await this.tasks.insert(task);
    else await this.insertQuietly(task);
    return toTask(task);
  }

  private async insertQuietly(task: TaskEntity): Promise<void> {
    const { driver } = this.tasks.manager.connection;
    const [row] = await preparedQuery(
      this.tasks.manager.connection,
      'aide-tasks-insert',
      this.inserting.sql,
      this.inserting.columns.map((c) => driver.preparePersistentValue(c.getEntityValue(task), c)),
    );
    // As insert() (PostgresDriver.createGeneratedMap): the values as pg parsed them.
    for (const column of this.inserting.returning) column.setEntityValue(task, row[column.databaseName]);
  }

  /**
   * Applies the fields present in `changes` (null clears); `id`/`userId` in it are ignored. 404 if not the user's.
   *
   * Completing a repeating task makes its next occurrence (see makeNextOccurrence). The row is locked
   * for the whole change, so two completions at once (a double click, two tabs) make one.
   * Answers the task as changed; the next occurrence reaches the list through the stream.
   */
  async update(userId: number, id: number, changes: UpdateTaskPayload): Promise<Task> {
    return this.tasks.manager.transaction(async (manager) => {
      const task = await manager.findOne(TaskEntity, { where: { id, userId }, lock: { mode: 'pessimistic_write' } });
      if (!task) throw new NotFoundException(TASK_NOT_FOUND);
      const wasCompleted = task.status === 'completed';
      if (changes.title !== undefined) task.title = changes.title;
      if (changes.description !== undefined) task.description = textOrNull(changes.description);
      if (changes.priority !== undefined) task.priority = changes.priority;
      if (changes.status !== undefined) task.status = changes.status;
      if (changes.dueDate !== undefined) task.dueDate = changes.dueDate === null ? null : new Date(changes.dueDate);
      if (changes.category !== undefined) task.category = textOrNull(changes.category);
      if (changes.recurrence !== undefined) task.recurrence = changes.recurrence;
      if (changes.recurrenceMode !== undefined) task.recurrenceMode = changes.recurrenceMode;
      if (changes.subtasks !== undefined) task.subtasks = changes.subtasks;
      if (changes.reminderMinutes !== undefined) task.reminderMinutes = changes.reminderMinutes;
      if (task.recurrence && !task.dueDate) throw new BadRequestException(REPEATING_TASK_NEEDS_DUE_DATE);
      if (!wasCompleted && task.status === 'completed' && task.recurrence) {
        await makeNextOccurrence(manager, task, await userTimezone(manager, userId), new Date());
      }
      return toTask(await manager.save(task));
    });
  }

  /** 404 if the task is not the user's (or does not exist). */
  async remove(userId: number, id: number): Promise<void> {
    const { affected } = await this.tasks.delete({ id, userId });
    if (!affected) throw new NotFoundException(TASK_NOT_FOUND);
  }
}
