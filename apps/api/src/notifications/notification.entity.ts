import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS, type NotificationKind } from '@aide/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { User } from '../users/user.entity';

/**
 * One notification for one user. `sourceKey` names what it is about (e.g. 'task:12:2026-…'):
 * unique per user and kind, so a producer that runs again never notifies twice.
 */
@Entity('notifications')
@Unique('UQ_notifications_userId_kind_sourceKey', ['userId', 'kind', 'sourceKey'])
@Index('IDX_notifications_userId_createdAt', ['userId', 'createdAt'])
@Check('CHK_notifications_kind', `"kind" IN (${NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(', ')})`)
export class NotificationEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_notifications' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_notifications_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 30 })
  kind!: NotificationKind;

  @Column({ type: 'varchar', length: NOTIFICATION_LIMITS.title })
  title!: string;

  @Column({ type: 'varchar', length: NOTIFICATION_LIMITS.body, nullable: true })
  body!: string | null;

  @Column({ type: 'varchar', length: NOTIFICATION_LIMITS.link, nullable: true })
  link!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /** The module group that made it (e.g. 'website'), hidden while that module is locked for the user; null: the platform's. */
  @Column({ type: 'varchar', length: NOTIFICATION_LIMITS.module, nullable: true })
  module!: string | null;

  @Column({ type: 'varchar', length: NOTIFICATION_LIMITS.sourceKey, nullable: true })
  sourceKey!: string | null;
}
