import type {
  SecurityCheckResult,
  SeoCheckResult,
  SeoPageResult,
  WebsiteJobStatus,
  WebsitePlatform,
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
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { DocumentEntity } from '../documents/document.entity';
import { User } from '../users/user.entity';

const JOB_STATUSES = `('idle', 'pending', 'running', 'completed', 'failed')`;

@Entity('websites')
@Unique('UQ_websites_siteKey', ['siteKey'])
@Unique('UQ_websites_userId_url', ['userId', 'url'])
@Check(
  'CHK_websites_platform',
  `"platform" IS NULL OR "platform" IN ('wordpress', 'shopify', 'wix', 'squarespace', 'custom')`,
)
@Check('CHK_websites_seoScore', `"seoScore" BETWEEN 0 AND 100`)
@Check('CHK_websites_seoStatus', `"seoStatus" IN ${JOB_STATUSES}`)
@Check('CHK_websites_backupStatus', `"backupStatus" IN ${JOB_STATUSES}`)
@Check('CHK_websites_securityStatus', `"securityStatus" IN ${JOB_STATUSES}`)
// The screen: a user's sites in the order they were added.
@Index('IDX_websites_userId_createdAt', ['userId', 'createdAt'])
export class WebsiteEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_websites' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_websites_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 2000 })
  url!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  platform!: WebsitePlatform | null;

  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  /** The public id the tracking script sends (random, unguessable, not a secret). */
  @Column({ type: 'varchar', length: 32 })
  siteKey!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  wordpressUsername!: string | null;

  /** The WordPress application password, encrypted at rest (common/crypto). */
  @Column({ type: 'text', nullable: true })
  wordpressCredentials!: string | null;

  @Column({ type: 'smallint', nullable: true })
  seoScore!: number | null;

  @Column({ type: 'varchar', length: 20, default: 'idle' })
  seoStatus!: WebsiteJobStatus;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  seoChecks!: SeoCheckResult[];

  /** The pages the last audit read, home page first, each with its own findings. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  seoPages!: SeoPageResult[];

  @Column({ type: 'timestamptz', nullable: true })
  seoCheckedAt!: Date | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  seoError!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'idle' })
  backupStatus!: WebsiteJobStatus;

  @Column({ type: 'timestamptz', nullable: true })
  lastBackupAt!: Date | null;

  /** The archive of the last backup, a document the user can download. */
  @Column({ type: 'integer', nullable: true })
  backupDocumentId!: number | null;

  @ManyToOne(() => DocumentEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'backupDocumentId', foreignKeyConstraintName: 'FK_websites_backupDocumentId' })
  backupDocument?: DocumentEntity | null;

  @Column({ type: 'integer', nullable: true })
  backupPages!: number | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  backupError!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'idle' })
  securityStatus!: WebsiteJobStatus;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  securityChecks!: SecurityCheckResult[];

  @Column({ type: 'timestamptz', nullable: true })
  securityCheckedAt!: Date | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  securityError!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
