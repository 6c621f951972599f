import type { EmailProvider } from '@aide/contracts';
import type { OAuthTokens } from '../common/oauth/oauth-tokens';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { User } from '../users/user.entity';

/** Where the sync engine stands in one mailbox (RFC 3501 UIDVALIDITY and UIDs, RFC 7162 HIGHESTMODSEQ). */
export interface MailboxPosition {
  /** Decimal text: UIDVALIDITY is an unsigned 32-bit number and HIGHESTMODSEQ a 63-bit one. */
  uidValidity: string;
  lastUid: number;
  highestModseq?: string | null;
}

/** The sync engine's non-secret position, per mailbox path ('INBOX', 'Sent', ...). */
export type EmailSyncState = Record<string, MailboxPosition>;

/** What `credentials` decrypts to: an (app) password, or gmail's OAuth2 tokens (XOAUTH2). */
export type EmailCredentials = { password: string } | { oauth: OAuthTokens };

@Entity('email_integrations')
@Unique('UQ_email_integrations_userId_email', ['userId', 'email'])
@Check('CHK_email_integrations_provider', `"provider" IN ('gmail', 'outlook', 'yahoo', 'imap')`)
@Check('CHK_email_integrations_syncFrequency', `"syncFrequency" >= 60`)
export class EmailIntegrationEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_email_integrations',
  })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_email_integrations_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 20 })
  provider!: EmailProvider;

  /** Stored lower-case, so one address is one account whatever its spelling. */
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  displayName!: string | null;

  /** The IMAP/SMTP login when it is not the address. */
  @Column({ type: 'varchar', length: 320, nullable: true })
  username!: string | null;

  /** False after the server refused the credentials; a good sync sets it back. */
  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ type: 'boolean', default: true })
  syncEnabled!: boolean;

  /** Seconds between syncs. */
  @Column({ type: 'integer', default: 300 })
  syncFrequency!: number;

  @Column({ type: 'boolean', default: false })
  autoRespond!: boolean;

  @Column({ type: 'boolean', default: true })
  autoCategories!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  lastSyncAt!: Date | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  lastSyncError!: string | null;

  /** When a sync last started, whatever came of it: the recurring job spaces out a failing account's attempts by it. */
  @Column({ type: 'timestamptz', nullable: true })
  lastSyncAttemptAt!: Date | null;

  /** True while a sync of this account is queued or running. */
  @Column({ type: 'boolean', default: false })
  syncing!: boolean;

  /** Null for the gmail, outlook and yahoo presets: resolveMailServers() takes theirs from EMAIL_PROVIDER_PRESETS. */
  @Column({ type: 'varchar', length: 253, nullable: true })
  imapHost!: string | null;

  @Column({ type: 'integer', nullable: true })
  imapPort!: number | null;

  @Column({ type: 'varchar', length: 253, nullable: true })
  smtpHost!: string | null;

  @Column({ type: 'integer', nullable: true })
  smtpPort!: number | null;

  /** EmailCredentials encrypted (CredentialsCipher); never selected unless asked for, never returned or logged. */
  @Column({ type: 'text', select: false })
  credentials!: string;

  @Column({ type: 'jsonb', default: {} })
  syncState!: EmailSyncState;

  /** Bulk Move to folder (issue 24): the account's own folders as the last sync listed them. */
  @Column({ type: 'jsonb', default: [] })
  folders!: Array<{ path: string; name: string }>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /** Compose (issue 24): plain text put below a new message written from this account. */
  @Column({ type: 'text', nullable: true })
  signature!: string | null;
}
