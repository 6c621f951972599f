import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

/** A user's TOTP secret (encrypted), see the migration CreateTwoFactor for the columns' meaning. */
@Entity('two_factor_credentials')
export class TwoFactorCredentialEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_two_factor_credentials' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_two_factor_credentials_userId' })
  user?: User;

  /** CredentialsCipher output of the base32 secret; never leaves the API after enrolment. */
  @Column({ type: 'text' })
  secret!: string;

  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  /** bigint comes back from pg as a string. */
  @Column({ type: 'bigint', nullable: true })
  lastUsedStep!: string | null;

  @Column({ type: 'integer', default: 0 })
  failedAttempts!: number;

  @Column({ type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

@Entity('two_factor_recovery_codes')
export class TwoFactorRecoveryCodeEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_two_factor_recovery_codes',
  })
  id!: number;

  @Index('IDX_two_factor_recovery_codes_userId')
  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_two_factor_recovery_codes_userId' })
  user?: User;

  @Column({ type: 'char', length: 64 })
  codeHash!: string;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
