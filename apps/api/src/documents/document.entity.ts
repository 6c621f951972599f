import type { DocumentCategory, DocumentPage, ExtractionStatus } from '@aide/contracts';
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
import { EmailEntity } from '../email/email.entity';
import { User } from '../users/user.entity';
import { DocumentFolderEntity } from './document-folder.entity';
import { DOCUMENT_SEARCH_VECTOR } from './document-search-vector';

@Entity('documents')
@Check(
  'CHK_documents_category',
  `"category" IN ('Work', 'Personal', 'Legal', 'Financial', 'Medical', 'Education', 'Reference')`,
)
@Check(
  'CHK_documents_suggestedCategory',
  `"suggestedCategory" IN ('Work', 'Personal', 'Legal', 'Financial', 'Medical', 'Education', 'Reference')`,
)
@Check('CHK_documents_extractionStatus', `"extractionStatus" IN ('pending', 'done', 'failed', 'unsupported')`)
@Check('CHK_documents_size', `"size" >= 0`)
@Check('CHK_documents_backupWebsiteId', `"backupWebsiteId" IS NULL OR "isWebsiteBackup"`)
// The grid: a user's documents in a folder, newest first.
@Index('IDX_documents_userId_folderId_uploadedAt', ['userId', 'folderId', 'uploadedAt'])
export class DocumentEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_documents' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_documents_userId' })
  user?: User;

  /** null: at Root. */
  @Column({ type: 'integer', nullable: true })
  folderId!: number | null;

  @ManyToOne(() => DocumentFolderEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'folderId', foreignKeyConstraintName: 'FK_documents_folderId' })
  folder?: DocumentFolderEntity;

  /** sanitizeFileName() of the uploaded name; shown, and used for downloads. */
  @Column({ type: 'varchar', length: 255 })
  originalName!: string;

  /** Detected from the content (file-type), never the browser's word. */
  @Column({ type: 'varchar', length: 255 })
  mimeType!: string;

  /** Bytes; bigint read back as text by pg, so the mapper turns it into a number. */
  @Column({ type: 'bigint' })
  size!: string;

  /** Where the bytes are in the document store (storage/): never derived from the file's name. */
  @Column({ type: 'varchar', length: 500 })
  storageKey!: string;

  /** Hex SHA-256 of the bytes, computed while streaming: the download's integrity and the store's check. */
  @Column({ type: 'char', length: 64 })
  sha256!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  category!: DocumentCategory | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  /** What the AI suggests from the text (issue 30): shown apart until the person keeps one (it moves to `tags`) or dismisses them. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  suggestedTags!: string[];

  /** The category the AI suggests (issue 30); `category` stays the person's own choice. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  suggestedCategory!: DocumentCategory | null;

  @Column({ type: 'text', nullable: true })
  summary!: string | null;

  /** EXTRACTED_TEXT_MARKER, a line break, then the text; null until extracted (or when there is none). */
  @Column({ type: 'text', nullable: true })
  content!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  extractionStatus!: ExtractionStatus;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  extractionError!: string | null;

  /** Per page of a PDF or image, as extraction found it: its text extracted, recognised (OCR) or neither. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  pages!: DocumentPage[];

  /** Why scanned pages were not recognised (no OCR on the server, an image too large); null otherwise. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  recognitionError!: string | null;

  @Column({ type: 'boolean', default: false })
  isArchived!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  uploadedAt!: Date;

  /** Issue 26: the version of the suggestion detectors that last read it (SUGGESTIONS_VERSION); 0 = not yet. */
  @Column({ type: 'smallint', default: 0 })
  suggestionsVersion!: number;

  /** Issue 26: the message it was made from (a suggestion accepted, or a rule); unlinked when that is deleted. */
  @Index('IDX_documents_sourceEmailId')
  @Column({ type: 'integer', nullable: true })
  sourceEmailId!: number | null;

  @ManyToOne(() => EmailEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sourceEmailId', foreignKeyConstraintName: 'FK_documents_sourceEmailId' })
  sourceEmail?: Pick<EmailEntity, 'id'> | null;

  /**
   * Issue 30: a website's backup (websites/backup), the website module's storage: never counted
   * against the Free plan's document limit. Stays true when its site is removed.
   */
  @Column({ type: 'boolean', default: false })
  isWebsiteBackup!: boolean;

  /**
   * Issue 30: the id of the site a backup is of, for its retention (WEBSITE_BACKUPS_KEPT). No
   * foreign key: websites.backupDocumentId already points here, and a cycle of foreign keys has no
   * order to restore a backup file in (backup/database-tables.ts). Kept when the site is removed;
   * website ids are an identity, never reused.
   */
  @Index('IDX_documents_backupWebsiteId')
  @Column({ type: 'integer', nullable: true })
  backupWebsiteId!: number | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  /** Full-text search (document-search-vector.ts); written by Postgres, never selected by the app. */
  @Index('IDX_documents_searchVector', { synchronize: false })
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: DOCUMENT_SEARCH_VECTOR,
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;
}
