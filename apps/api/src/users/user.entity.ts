import type { UserPlan, UserRole } from '@aide/contracts';
import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('users')
@Unique('UQ_users_email', ['email'])
@Check('CHK_users_email_lower_case', `"email" = lower("email")`)
@Check('CHK_users_role', `"role" IN ('user', 'admin')`)
@Check('CHK_users_plan', `"plan" IN ('free', 'premium', 'enterprise')`)
export class User {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_users' })
  id!: number;

  /** Always stored lower-case (the contracts' schemas normalise it; a CHECK enforces it). */
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  /** argon2id hash; null for accounts that only sign in with Google. Never leaves the API. */
  @Column({ type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName!: string | null;

  @Column({ type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'user' })
  role!: UserRole;

  @Column({ type: 'varchar', length: 20, default: 'free' })
  plan!: UserPlan;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status!: string;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  /** When the owner proved the address (a mailed link, or a Google sign-in whose issuer verified it); null: never. */
  @Column({ type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** When the current password was set; null without one. */
  @Column({ type: 'timestamptz', nullable: true })
  passwordSetAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
