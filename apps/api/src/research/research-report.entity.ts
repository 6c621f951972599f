import type { ResearchCategory, ResearchSource, ResearchStatus } from '@aide/contracts';
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
import { RESEARCH_SEARCH_VECTOR } from './research-search-vector';

@Entity('research_reports')
@Check('CHK_research_reports_status', `"status" IN ('pending', 'in_progress', 'completed', 'failed')`)
@Check(
  'CHK_research_reports_category',
  `"category" IN ('technology', 'business', 'health', 'science', 'education', 'finance', 'environment', 'other')`,
)
@Check('CHK_research_reports_progress', `"progress" BETWEEN 0 AND 100`)
@Check('CHK_research_reports_credibilityScore', `"credibilityScore" BETWEEN 0 AND 100`)
// The screen and the dashboard: a user's reports, newest first.
@Index('IDX_research_reports_userId_createdAt', ['userId', 'createdAt'])
export class ResearchReportEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_research_reports' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_research_reports_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 500 })
  topic!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  category!: ResearchCategory | null;

  /** [] when none; the API answers null then (spec: tags list or null). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: ResearchStatus;

  @Column({ type: 'smallint', default: 0 })
  progress!: number;

  /** What the pipeline is doing now, for the card; null when it is not running. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  stage!: string | null;

  /** Why the last run failed, readable (never a stack). */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  error!: string | null;

  @Column({ type: 'text', nullable: true })
  summary!: string | null;

  /** The report in Markdown; [n] cites sources[n - 1]. */
  @Column({ type: 'text', nullable: true })
  content!: string | null;

  /** The retrieved sources the report cites, numbered from 1, with their credibility and its reasons. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  sources!: ResearchSource[];

  @Column({ type: 'smallint', nullable: true })
  credibilityScore!: number | null;

  /**
   * Which run of the pipeline the row belongs to: a rerun increments it, and a job whose run is no
   * longer the row's writes nothing (an old run still in a worker cannot overwrite the new one).
   */
  @Column({ type: 'integer', default: 1 })
  run!: number;

  @Column({ type: 'boolean', default: false })
  isArchived!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** Full-text search (research-search-vector.ts); written by Postgres, never selected by the app. */
  @Index('IDX_research_reports_searchVector', { synchronize: false })
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: RESEARCH_SEARCH_VECTOR,
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;
}
