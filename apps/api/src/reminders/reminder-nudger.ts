import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntitySubscriberInterface,
  InsertEvent,
  QueryRunner,
  TransactionCommitEvent,
  UpdateEvent,
} from 'typeorm';
import { ReminderSweep } from './reminder-sweep';

/** What a task row needs to have a reminder (see taskReminders in reminder-queries.ts). */
export interface TaskReminderFields {
  dueDate?: Date | string | null;
  reminderMinutes?: number | null;
}

/** Whether a task row can remind (unknown: maybe). TasksService writes the others without telling this nudger. */
export const canRemind = (task: TaskReminderFields | undefined): boolean =>
  task == null || (task.dueDate != null && task.reminderMinutes != null);

/** The tables whose rows carry reminders. */
const REMINDER_TABLES = new Set(['events', 'tasks']);

/**
 * Runs the reminder sweep right after an event or task is saved (not up to a minute later): an
 * event made to start in 9 minutes with a 10-minute reminder reminds at once. Watches saves through
 * TypeORM (the events and tasks code stays as it is) and nudges once the transaction has committed,
 * so the sweep, on another connection, sees the row.
 */
@Injectable()
export class ReminderNudger implements EntitySubscriberInterface, OnModuleInit {
  private readonly pending = new WeakSet<QueryRunner>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sweep: ReminderSweep,
  ) {}

  onModuleInit(): void {
    if (!this.dataSource.subscribers.includes(this)) this.dataSource.subscribers.push(this);
  }

  afterInsert(event: InsertEvent<unknown>): void {
    // A new task reminds only with both a due date and a lead time (reminder-queries.ts): most
    // tasks have neither, and sweeping for them cost three statements per create.
    if (event.metadata.tableName === 'tasks' && !canRemind(event.entity as TaskReminderFields | undefined)) return;
    this.changed(event.metadata.tableName, event.queryRunner);
  }

  afterUpdate(event: UpdateEvent<unknown>): void {
    this.changed(event.metadata.tableName, event.queryRunner);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (!this.pending.has(event.queryRunner)) return;
    this.pending.delete(event.queryRunner);
    this.sweep.nudge();
  }

  afterTransactionRollback(event: TransactionCommitEvent): void {
    this.pending.delete(event.queryRunner);
  }

  private changed(table: string, queryRunner: QueryRunner): void {
    if (!REMINDER_TABLES.has(table)) return;
    if (queryRunner.isTransactionActive) this.pending.add(queryRunner);
    else this.sweep.nudge();
  }
}
