import {
  RECURRENCE_LIMITS,
  TASK_LIMITS,
  type Subtask,
  type TaskPriority,
  type TaskRecurrenceMode,
  type TaskStatus,
} from '@aide/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { DocumentEntity } from '../documents/document.entity';
import { EmailEntity } from '../email/email.entity';
import { User } from '../users/user.entity';
import { TASK_SEARCH_VECTOR } from './task-search-vector';

@Entity('tasks')
@Check('CHK_tasks_priority', `"priority" IN ('high', 'medium', 'low')`)
@Check('CHK_tasks_status', `"status" IN ('pending', 'in_progress', 'completed')`)
@Check('CHK_tasks_recurrenceMode', `"recurrenceMode" IN ('on_completion', 'on_schedule')`)
// The dashboard's queries (tasks.dashboard-provider.ts) read open tasks only, hence partial indexes.
@Index('IDX_tasks_open_userId_dueDate', ['userId', 'dueDate'], { where: `"status" <> 'completed'` })
@Index('IDX_tasks_open_userId_priority_dueDate', ['userId', 'priority', 'dueDate'], {
  where: `"status" <> 'completed'`,
})
// …and the tasks completed today, which the priority list keeps (migration FitDashboardIndexes).
@Index('IDX_tasks_completed_userId_updatedAt', ['userId', 'updatedAt'], { where: `"status" = 'completed'` })
export class TaskEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_tasks' })
  id!: number;

  @Index('IDX_tasks_userId')
  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_tasks_userId' })
  user?: User;

  @Column({ type: 'varchar', length: TASK_LIMITS.title })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'medium' })
  priority!: TaskPriority;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: TaskStatus;

  @Column({ type: 'timestamptz', nullable: true })
  dueDate!: Date | null;

  @Column({ type: 'varchar', length: TASK_LIMITS.category, nullable: true })
  category!: string | null;

  /** RRULE value when the task repeats; it moves to the next occurrence when that one is made. */
  @Column({ type: 'varchar', length: RECURRENCE_LIMITS.rule, nullable: true })
  recurrence!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'on_completion' })
  recurrenceMode!: TaskRecurrenceMode;

  /** The checklist, in order. A list edited as a whole, never queried by item, so jsonb. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  subtasks!: Subtask[];

  /** Minutes before the due time to remind (0 = at the due time); null = no reminder. */
  @Column({ type: 'integer', nullable: true })
  reminderMinutes!: number | null;

  /** Issue 26: the message it was made from (a suggestion accepted, or a rule); unlinked when that is deleted. */
  @Index('IDX_tasks_sourceEmailId')
  @Column({ type: 'integer', nullable: true })
  sourceEmailId!: number | null;

  @ManyToOne(() => EmailEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sourceEmailId', foreignKeyConstraintName: 'FK_tasks_sourceEmailId' })
  sourceEmail?: Pick<EmailEntity, 'id'> | null;

  /** Issue 26: the document it was made from (a suggestion accepted, or a rule); unlinked when that is deleted. */
  @Index('IDX_tasks_sourceDocumentId')
  @Column({ type: 'integer', nullable: true })
  sourceDocumentId!: number | null;

  @ManyToOne(() => DocumentEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sourceDocumentId', foreignKeyConstraintName: 'FK_tasks_sourceDocumentId' })
  sourceDocument?: Pick<DocumentEntity, 'id'> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  /** For GET /api/search (tasks.search-provider.ts); Postgres keeps it current, so it is never read or written here. */
  // Its GIN index is created by the migration: TypeORM's @Index cannot say USING gin, so it must leave it alone.
  @Index('IDX_tasks_searchVector', { synchronize: false })
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: TASK_SEARCH_VECTOR,
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;
}
