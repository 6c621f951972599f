import type { SocialPlatform } from '@aide/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { SocialPostEntity } from './social-post.entity';

/**
 * A published post's figures as a platform reported them at one time. Week-over-week growth is the
 * engagement gained between snapshots (DECISIONS: real growth, not a random percent).
 */
@Entity('social_engagement_snapshots')
@Index('IDX_social_engagement_snapshots_userId_platform_capturedAt', ['userId', 'platform', 'capturedAt'])
@Index('IDX_social_engagement_snapshots_postId_capturedAt', ['postId', 'capturedAt'])
export class SocialEngagementSnapshotEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_social_engagement_snapshots',
  })
  id!: number;

  @Column({ type: 'integer' })
  postId!: number;

  @ManyToOne(() => SocialPostEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'postId', foreignKeyConstraintName: 'FK_social_engagement_snapshots_postId' })
  post?: SocialPostEntity;

  /** Denormalised from the post so growth is one indexed query per user. */
  @Column({ type: 'integer' })
  userId!: number;

  @Column({ type: 'varchar', length: 20 })
  platform!: SocialPlatform;

  @Column({ type: 'integer' })
  likes!: number;

  @Column({ type: 'integer' })
  shares!: number;

  @Column({ type: 'integer' })
  comments!: number;

  @Column({ type: 'integer' })
  reach!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  capturedAt!: Date;
}
