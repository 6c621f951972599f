import type { EmailAttachment, EmailCategory, EmailPriority } from '@aide/contracts';
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
import { User } from '../users/user.entity';
import { EmailIntegrationEntity } from './email-integration.entity';
import { EMAIL_SEARCH_VECTOR } from './email-search-vector';

/** Flag changes made here that the mail server has not been told yet (see events/email-server-change-pending.event.ts). */
export interface PendingServerChanges {
  isRead?: boolean;
  isArchived?: boolean;
  /** Snooze (issue 24, actions): the $Snoozed keyword to set (true) or clear (false). */
  snoozed?: boolean;
  /** Bulk Delete (issue 24): to move into the Trash (true) or out of it (false). */
  isTrashed?: boolean;
  /** Bulk Move to folder (issue 24): the folder to move into, or null to leave one. */
  folder?: string | null;
}

@Entity('emails')
/** A message is one row per account, mailbox and UID: a re-sync upserts (ON CONFLICT) instead of duplicating. */
@Unique('UQ_emails_integrationId_mailbox_uidValidity_uid', ['integrationId', 'mailbox', 'uidValidity', 'uid'])
@Check('CHK_emails_priority', `"priority" IN ('urgent', 'important', 'regular')`)
@Check(
  'CHK_emails_category',
  `"category" IN ('work', 'personal', 'newsletter', 'spam', 'promotion', 'social', 'finance', 'travel', 'other')`,
)
// The list's tabs: Inbox/Sent/Drafts/Archived by (userId, isArchived) newest first; the priority tabs by (userId, priority) among non-archived.
@Index('IDX_emails_userId_isArchived_receivedAt', ['userId', 'isArchived', 'receivedAt', 'id'])
@Index('IDX_emails_active_userId_priority_receivedAt', ['userId', 'priority', 'receivedAt', 'id'], {
  where: `"isArchived" = false`,
})
// The dashboard's counts (migrations AddEmailDashboardIndexes, FitDashboardIndexes): the Inbox by priority and read state, and the auto-responded.
@Index('IDX_emails_inbox_userId_priority_isRead', ['userId', 'priority', 'isRead'], {
  where: `"isArchived" = false AND coalesce(metadata->>'status', '') NOT IN ('draft', 'sent') AND "snoozedUntil" IS NULL AND "isTrashed" = false AND "folder" IS NULL`,
})
// Snooze (issue 24, actions): the wake sweep finds the due messages (migration AddEmailSnooze).
@Index('IDX_emails_snoozedUntil', ['snoozedUntil'], { where: `"snoozedUntil" IS NOT NULL` })
// Bulk Move to folder (issue 24): a folder's list and the folder counts (migration AddEmailFolders).
@Index('IDX_emails_userId_folder', ['userId', 'folder'], { where: `"folder" IS NOT NULL` })
@Index('IDX_emails_autoResponded_userId', ['userId'], { where: `"isAutoResponded" = true` })
// The sync engine finds a message moved between mailboxes, or sent from here, by its Message-ID (migration AddEmailSyncColumns).
@Index('IDX_emails_integrationId_messageId', ['integrationId', 'messageId'])
// Conversations (threads, issue 24; migration AddEmailThreads): links by Message-ID keys, the subject fallback, a thread's messages.
@Index('IDX_emails_userId_messageId', ['userId', 'messageId'])
@Index('IDX_emails_userId_inReplyTo', ['userId', 'inReplyTo'])
@Index('IDX_emails_references', { synchronize: false })
@Index('IDX_emails_userId_threadSubject_receivedAt', ['userId', 'threadSubject', 'receivedAt'])
@Index('IDX_emails_userId_thread', { synchronize: false })
export class EmailEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_emails' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_emails_userId' })
  user?: User;

  /** The account it came from or goes out through; deleting the account deletes its mail. */
  @Column({ type: 'integer', nullable: true })
  integrationId!: number | null;

  @ManyToOne(() => EmailIntegrationEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'integrationId', foreignKeyConstraintName: 'FK_emails_integrationId' })
  integration?: EmailIntegrationEntity;

  /** The IMAP mailbox path, e.g. 'INBOX'; null for a message not on the server (a draft saved here). */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  mailbox!: string | null;

  /** bigint as decimal text (TypeORM's reading of bigint). */
  @Column({ type: 'bigint', nullable: true })
  uidValidity!: string | null;

  @Column({ type: 'bigint', nullable: true })
  uid!: string | null;

  /** Message-ID, In-Reply-To and References headers, for threading replies. */
  @Column({ type: 'varchar', length: 998, nullable: true })
  messageId!: string | null;

  @Column({ type: 'varchar', length: 998, nullable: true })
  inReplyTo!: string | null;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  references!: string[];

  @Column({ type: 'text', default: '' })
  subject!: string;

  @Column({ type: 'text', default: '' })
  from!: string;

  @Column({ type: 'text', default: '' })
  to!: string;

  @Column({ type: 'text', nullable: true })
  cc!: string | null;

  @Column({ type: 'text', default: '' })
  body!: string;

  @Column({ type: 'text', nullable: true })
  htmlBody!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'regular' })
  priority!: EmailPriority;

  @Column({ type: 'varchar', length: 20, nullable: true })
  category!: EmailCategory | null;

  @Column({ type: 'boolean', default: false })
  isRead!: boolean;

  @Column({ type: 'boolean', default: false })
  isArchived!: boolean;

  @Column({ type: 'boolean', default: false })
  isAutoResponded!: boolean;

  @Column({ type: 'timestamptz' })
  receivedAt!: Date;

  /** Metadata only (name, type, size); the content stays on the server. */
  @Column({ type: 'jsonb', default: [] })
  attachments!: EmailAttachment[];

  @Column({ type: 'jsonb', default: {} })
  metadata!: Record<string, unknown>;

  @Column({ type: 'jsonb', default: {} })
  pendingServerChanges!: PendingServerChanges;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  /** For GET /api/search and the list's q; Postgres keeps it current. Its GIN index is the migration's. */
  @Index('IDX_emails_searchVector', { synchronize: false })
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: EMAIL_SEARCH_VECTOR,
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;

  /** Threads (issue 24): the conversation, named by one of its message ids (see threads/assign-threads.ts); null until threaded. */
  @Column({ type: 'integer', nullable: true })
  threadId!: number | null;

  /** Threads (issue 24): the normalised subject, for the subject fallback of threading. */
  @Column({ type: 'text', nullable: true, select: false })
  threadSubject?: string | null;

  /** Snooze (issue 24, actions): hidden from the Inbox until then; the sweep wakes it (migration AddEmailSnooze). */
  @Column({ type: 'timestamptz', nullable: true })
  snoozedUntil!: Date | null;

  /** Snooze (issue 24, actions): when it woke; the list sorts by coalesce(resurfacedAt, receivedAt) so it is on top. */
  @Column({ type: 'timestamptz', nullable: true })
  resurfacedAt!: Date | null;

  /** Bulk Delete (issue 24): in the account's Trash mailbox; shown in the Trash tab only. */
  @Column({ type: 'boolean', default: false })
  isTrashed!: boolean;

  /** Bulk Move to folder (issue 24): the path of the user's own folder holding it; null in the Inbox, Archive, Sent, Drafts or Trash. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  folder!: string | null;

  /** Issue 26: the version of the suggestion detectors that last read it (SUGGESTIONS_VERSION); 0 = not yet. */
  @Column({ type: 'smallint', default: 0 })
  suggestionsVersion!: number;
}
