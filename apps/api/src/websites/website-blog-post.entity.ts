import type { BlogPostStatus } from '@aide/contracts';
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
import { WebsiteEntity } from './website.entity';

@Entity('website_blog_posts')
@Check('CHK_website_blog_posts_status', `"status" IN ('pending', 'writing', 'draft', 'published', 'failed')`)
@Index('IDX_website_blog_posts_websiteId_createdAt', ['websiteId', 'createdAt'])
export class WebsiteBlogPostEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_website_blog_posts',
  })
  id!: number;

  @Column({ type: 'integer' })
  websiteId!: number;

  @ManyToOne(() => WebsiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'websiteId', foreignKeyConstraintName: 'FK_website_blog_posts_websiteId' })
  website?: WebsiteEntity;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_website_blog_posts_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 300 })
  topic!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  keywords!: string[];

  @Column({ type: 'varchar', length: 300, nullable: true })
  title!: string | null;

  /** Markdown. */
  @Column({ type: 'text', nullable: true })
  content!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: BlogPostStatus;

  @Column({ type: 'integer', nullable: true })
  wordpressPostId!: number | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  wordpressUrl!: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  method!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
