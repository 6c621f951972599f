import type { ActivityLogMetadata } from '@aide/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

export const ACTIVITY_LOG_LIMITS = { action: 100, resource: 200 } as const;

/** One successful mutation: written by ActivityLogInterceptor, never by a controller. */
@Entity('activity_logs')
export class ActivityLogEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_activity_logs' })
  id!: number;

  @Index('IDX_activity_logs_createdAt')
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /** Null for a signed-out request, and once the account is deleted (the row stays). */
  @Index('IDX_activity_logs_userId')
  @Column({ type: 'integer', nullable: true })
  userId!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_activity_logs_userId' })
  user?: User | null;

  /** The method and route pattern, e.g. 'PATCH /api/tasks/:id'. */
  @Column({ type: 'varchar', length: ACTIVITY_LOG_LIMITS.action })
  action!: string;

  /** The path with its concrete ids, e.g. '/api/tasks/12'. */
  @Column({ type: 'varchar', length: ACTIVITY_LOG_LIMITS.resource })
  resource!: string;

  @Column({ type: 'jsonb', nullable: true })
  metadata!: ActivityLogMetadata | null;
}
