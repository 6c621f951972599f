import type { SuggestionKind, SuggestionOrigin, SuggestionResultType, SuggestionStatus } from '@aide/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DocumentEntity } from '../documents/document.entity';
import { EmailEntity } from '../email/email.entity';
import { User } from '../users/user.entity';

/** What an accepted suggestion became. */
export interface SuggestionResult {
  type: SuggestionResultType;
  id: number;
}

/**
 * What a message or a document could become (issue 26), pending until the person accepts or
 * dismisses it. One per user, source and `key` (the detector's name for the thing, e.g. a flight's
 * number and date), so reading a source again never proposes it twice nor brings back a dismissed one.
 */
@Entity('suggestions')
@Check('CHK_suggestions_kind', `"kind" IN ('event', 'task', 'document', 'trip', 'trip-item')`)
@Check('CHK_suggestions_status', `"status" IN ('pending', 'accepted', 'dismissed')`)
@Check('CHK_suggestions_source', `("emailId" IS NULL) <> ("documentId" IS NULL)`)
@Index('UQ_suggestions_email_key', ['userId', 'emailId', 'key'], { unique: true, where: `"emailId" IS NOT NULL` })
@Index('UQ_suggestions_document_key', ['userId', 'documentId', 'key'], {
  unique: true,
  where: `"documentId" IS NOT NULL`,
})
export class SuggestionEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_suggestions' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_suggestions_userId' })
  user?: User;

  /** The message it came from; deleting the message deletes what it suggested. */
  @Column({ type: 'integer', nullable: true })
  emailId!: number | null;

  @ManyToOne(() => EmailEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'emailId', foreignKeyConstraintName: 'FK_suggestions_emailId' })
  email?: EmailEntity | null;

  /** The document it came from. */
  @Column({ type: 'integer', nullable: true })
  documentId!: number | null;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'documentId', foreignKeyConstraintName: 'FK_suggestions_documentId' })
  document?: DocumentEntity | null;

  @Column({ type: 'varchar', length: 20 })
  kind!: SuggestionKind;

  @Column({ type: 'varchar', length: 20 })
  origin!: SuggestionOrigin;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: SuggestionStatus;

  @Column({ type: 'varchar', length: 300 })
  key!: string;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  detail!: string | null;

  /** What it would create, by kind (SUGGESTION_DRAFT_SCHEMAS); the accepted version once accepted. */
  @Column({ type: 'jsonb' })
  draft!: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  result!: SuggestionResult | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  decidedBy!: 'person' | 'rule' | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;
}
