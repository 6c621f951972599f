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

/** admin-reset: a reset link an admin handed over; unlike a mailed one it proves nothing about the mailbox. */
export type AccountTokenPurpose = 'verify-email' | 'reset-password' | 'admin-reset';

/** A one-use link sent by mail (or handed over by an admin): only the SHA-256 of its token is kept. */
@Entity('account_tokens')
@Unique('UQ_account_tokens_tokenHash', ['tokenHash'])
@Check('CHK_account_tokens_purpose', `"purpose" IN ('verify-email', 'reset-password', 'admin-reset')`)
export class AccountToken {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_account_tokens' })
  id!: number;

  @Index('IDX_account_tokens_userId')
  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_account_tokens_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 20 })
  purpose!: AccountTokenPurpose;

  @Column({ type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
