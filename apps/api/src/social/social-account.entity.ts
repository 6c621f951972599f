import type { SocialPlatform } from '@aide/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { OAuthTokens } from '../common/oauth/oauth-tokens';
import { User } from '../users/user.entity';

/**
 * What `credentials` decrypts to: the user's OAuth tokens and, where the platform posts with a
 * token of its own (a Facebook page's, Instagram's), that token (SocialIdentity.publishToken).
 */
export type SocialCredentials = OAuthTokens & { publishToken?: string | null };

/** A user's connected account on one platform (OAuth2); one per platform. */
@Entity('social_accounts')
@Unique('UQ_social_accounts_userId_platform', ['userId', 'platform'])
@Check('CHK_social_accounts_platform', `"platform" IN ('linkedin', 'twitter', 'facebook', 'instagram')`)
export class SocialAccountEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_social_accounts' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_social_accounts_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 20 })
  platform!: SocialPlatform;

  /**
   * Who posts on the platform: X and LinkedIn the member's id, Facebook the page's id, Instagram the
   * business account's id.
   */
  @Column({ type: 'varchar', length: 200 })
  externalAccountId!: string;

  @Column({ type: 'varchar', length: 300 })
  accountName!: string;

  /** SocialCredentials encrypted (CredentialsCipher); never selected unless asked for, never returned or logged. */
  @Column({ type: 'text', select: false })
  credentials!: string;

  /** Why the last call with this account failed (an expired or revoked token…); null when fine. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  error!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
