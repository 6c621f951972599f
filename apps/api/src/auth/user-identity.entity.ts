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
 * An account's identity at an OpenID Connect issuer: the issuer's `sub` for that person, which
 * stays put when their email changes. Deleted with the account.
 */
@Entity('user_identities')
@Unique('UQ_user_identities_issuer_subject', ['issuer', 'subject'])
export class UserIdentity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_user_identities' })
  id!: number;

  @Index('IDX_user_identities_userId')
  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_user_identities_userId' })
  user?: User;

  /** The issuer as its discovery document names it, e.g. 'https://accounts.google.com'. */
  @Column({ type: 'varchar', length: 500 })
  issuer!: string;

  @Column({ type: 'varchar', length: 255 })
  subject!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
