import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { User } from '../users/user.entity';

/** What became of a person's digest of one week. */
export const DIGEST_DELIVERY_STATUSES = ['sending', 'sent', 'failed', 'empty'] as const;
export type DigestDeliveryStatus = (typeof DIGEST_DELIVERY_STATUSES)[number];

/**
 * One row per person and week (the Monday it starts on, in their timezone): the INSERT … ON
 * CONFLICT DO NOTHING RETURNING of the process that gets the row decides who sends, so the digest
 * goes out once however many API processes sweep. 'empty': there was nothing to say, nothing sent.
 */
@Entity('digest_deliveries')
@Unique('UQ_digest_deliveries_userId_weekStart', ['userId', 'weekStart'])
@Check('CHK_digest_deliveries_status', `"status" IN ('sending', 'sent', 'failed', 'empty')`)
export class DigestDeliveryEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_digest_deliveries' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_digest_deliveries_userId' })
  user?: User;

  /** YYYY-MM-DD: the Monday the digest's week starts on, in the person's timezone. */
  @Column({ type: 'date' })
  weekStart!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: DigestDeliveryStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
