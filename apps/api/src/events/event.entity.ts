import { EVENT_LIMITS, RECURRENCE_LIMITS, type EventSource, type EventType } from '@aide/contracts';
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
import { EmailEntity } from '../email/email.entity';
import { TaskEntity } from '../tasks/task.entity';
import { User } from '../users/user.entity';
import { EVENT_SEARCH_VECTOR } from './event-search-vector';

@Entity('events')
@Check('CHK_events_type', `"type" IN ('meeting', 'appointment', 'reminder')`)
@Check('CHK_events_source', `"source" IN ('local', 'google', 'icloud', 'outlook', 'caldav')`)
@Check('CHK_events_endTime', `"endTime" >= "startTime"`)
@Index('IDX_events_userId_startTime', ['userId', 'startTime'])
// Listing a range reads every series of the user (a series may start long before the range).
@Index('IDX_events_series_userId', ['userId'], { where: `"recurrence" IS NOT NULL` })
export class EventEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_events' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_events_userId' })
  user?: User;

  @Column({ type: 'varchar', length: EVENT_LIMITS.title })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'meeting' })
  type!: EventType;

  @Column({ type: 'timestamptz' })
  startTime!: Date;

  @Column({ type: 'timestamptz' })
  endTime!: Date;

  @Column({ type: 'varchar', length: EVENT_LIMITS.location, nullable: true })
  location!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  attendees!: string[];

  @Column({ type: 'jsonb', nullable: true })
  metadata!: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 20, default: 'local' })
  source!: EventSource;

  /** The calendar integration that imported the event; no foreign key (see the migration). */
  @Column({ type: 'integer', nullable: true })
  integrationId!: number | null;

  /** RRULE value (no `RRULE:` prefix) when the event repeats; startTime/endTime are the first occurrence's. */
  @Column({ type: 'varchar', length: RECURRENCE_LIMITS.rule, nullable: true })
  recurrence!: string | null;

  /** The IANA zone the series repeats in (wall-clock times stay put across DST). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  timezone!: string | null;

  /** Original starts of occurrences removed from the series (EXDATE). */
  @Column({ type: 'timestamptz', array: true, default: () => "'{}'" })
  exceptions!: Date[];

  /** A moved or changed occurrence is its own row: the series it belongs to (RECURRENCE-ID's parent). */
  @Index('IDX_events_recurringEventId')
  @Column({ type: 'integer', nullable: true })
  recurringEventId!: number | null;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'recurringEventId', foreignKeyConstraintName: 'FK_events_recurringEventId' })
  series?: EventEntity;

  /** For such a row: the start the occurrence had in the series (RECURRENCE-ID). */
  @Column({ type: 'timestamptz', nullable: true })
  originalStartTime!: Date | null;

  /** Minutes before the start to remind; null = the profile's default. */
  @Column({ type: 'integer', array: true, nullable: true })
  reminders!: number[] | null;

  /** A time block's task; the block stays (unlinked) if the task is deleted. */
  @Index('IDX_events_taskId')
  @Column({ type: 'integer', nullable: true })
  taskId!: number | null;

  @ManyToOne(() => TaskEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'taskId', foreignKeyConstraintName: 'FK_events_taskId' })
  task?: TaskEntity | null;

  /** Issue 26: the message it was made from (a suggestion accepted, or a rule); kept when that is deleted, unlinked. */
  @Index('IDX_events_sourceEmailId')
  @Column({ type: 'integer', nullable: true })
  sourceEmailId!: number | null;

  @ManyToOne(() => EmailEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sourceEmailId', foreignKeyConstraintName: 'FK_events_sourceEmailId' })
  sourceEmail?: Pick<EmailEntity, 'id'> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  /** For GET /api/search (events.search-provider.ts); Postgres keeps it current, so it is never read or written here. */
  // Its GIN index is created by the migration: TypeORM's @Index cannot say USING gin.
  @Index('IDX_events_searchVector', { synchronize: false })
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: EVENT_SEARCH_VECTOR,
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;
}
