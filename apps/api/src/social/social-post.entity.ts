import type {
  SocialEngagement,
  SocialPlatform,
  SocialPostStatus,
  SocialPublishMode,
  SocialTone,
} from '@aide/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

@Entity('social_posts')
@Check('CHK_social_posts_platform', `"platform" IN ('linkedin', 'twitter', 'facebook', 'instagram')`)
@Check('CHK_social_posts_status', `"status" IN ('draft', 'scheduled', 'published')`)
@Check('CHK_social_posts_tone', `"tone" IN ('professional', 'casual', 'enthusiastic', 'informative', 'humorous')`)
@Check(
  'CHK_social_posts_campaign',
  `("utmCampaign" IS NULL) = ("utmSource" IS NULL) AND ("utmCampaign" IS NULL) = ("utmMedium" IS NULL)`,
)
@Check('CHK_social_posts_scheduledAt', `"status" <> 'scheduled' OR "scheduledAt" IS NOT NULL`)
// The screen: a user's posts, newest first; the stat cards count them per platform and status.
@Index('IDX_social_posts_userId_createdAt', ['userId', 'createdAt'])
@Index('IDX_social_posts_userId_platform_status', ['userId', 'platform', 'status'])
export class SocialPostEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_social_posts' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_social_posts_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 20 })
  platform!: SocialPlatform;

  @Column({ type: 'varchar', length: 500 })
  topic!: string;

  @Column({ type: 'varchar', length: 20, default: 'professional' })
  tone!: SocialTone;

  @Column({ type: 'text' })
  content!: string;

  /** Without '#'. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  hashtags!: string[];

  @Column({ type: 'varchar', length: 2000, nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status!: SocialPostStatus;

  @Column({ type: 'timestamptz', nullable: true })
  scheduledAt!: Date | null;

  /**
   * Which schedule the row is on: scheduling, rescheduling and unscheduling increment it, and a
   * publish job carrying an older number does nothing (the old time's job is void).
   */
  @Column({ type: 'integer', default: 0 })
  scheduleVersion!: number;

  /**
   * Set when a publish starts (in the same UPDATE that checks nobody else started one), cleared when
   * it fails cleanly. A publish never starts on a claimed row, so a post goes out at most once even
   * when a job runs twice or the API restarts mid-publish.
   */
  @Column({ type: 'timestamptz', nullable: true })
  publishClaimedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  publishMode!: SocialPublishMode | null;

  /** The post's id on the platform (connector publishes): engagement is read back by it. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  externalId!: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  externalUrl!: string | null;

  /** Why the last publish failed, readable (never a stack or a token). */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  publishError!: string | null;

  /** The latest figures read from the platform; zeros until then. */
  @Column({ type: 'jsonb', default: { likes: 0, shares: 0, comments: 0, reach: 0 } })
  engagement!: SocialEngagement;

  @Column({ type: 'timestamptz', nullable: true })
  engagementUpdatedAt!: Date | null;

  /**
   * The campaign tags of the link the post carries to the person's own site (issue 27): the visits
   * it brought are counted by them. All three null when it carries none.
   */
  @Column({ type: 'varchar', length: 100, nullable: true })
  utmSource!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmMedium!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  utmCampaign!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
