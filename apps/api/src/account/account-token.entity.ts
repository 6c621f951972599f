import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** admin-reset: a reset link an admin handed over; unlike a mailed one it proves nothing about the mailbox. */
export type AccountTokenPurpose = 'verify-email' | 'reset-password' | 'admin-reset';

/** A one-use link sent by mail (or handed over by an admin): only the SHA-256 of its token is kept. */
@Entity('account_tokens')
export class AccountToken {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_account_tokens' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

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
