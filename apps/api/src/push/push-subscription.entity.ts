import { PUSH_LIMITS } from '@aide/contracts';
import {
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
 * One browser's Web Push subscription (PushSubscription.toJSON()): where its push service takes
 * messages for it, and the keys to encrypt them with (RFC 8291). An endpoint names one browser
 * profile, so it is unique: subscribing it again (another user signed in there) moves it.
 */
@Entity('push_subscriptions')
@Unique('UQ_push_subscriptions_endpoint', ['endpoint'])
@Index('IDX_push_subscriptions_userId', ['userId'])
export class PushSubscriptionEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_push_subscriptions',
  })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_push_subscriptions_userId' })
  user?: User;

  @Column({ type: 'varchar', length: PUSH_LIMITS.endpoint })
  endpoint!: string;

  /** The browser's P-256 public key, base64url. */
  @Column({ type: 'varchar', length: PUSH_LIMITS.key })
  p256dh!: string;

  /** The browser's 16-byte auth secret, base64url (a secret: left out of "export my data"). */
  @Column({ type: 'varchar', length: PUSH_LIMITS.key })
  authSecret!: string;

  /** Which browser it is, from its User-Agent ('Chrome on Linux'), for a person reading their data. */
  @Column({ type: 'varchar', length: PUSH_LIMITS.userAgent, nullable: true })
  userAgent!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
