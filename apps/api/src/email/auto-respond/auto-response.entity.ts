import type { EmailAutoResponseKind } from '@aide/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { EmailEntity } from '../email.entity';
import { EmailIntegrationEntity } from '../email-integration.entity';

/**
 * One automatic reply of an account, and the thread it answered: every Message-ID of that thread
 * known when it was sent (the message's own, its In-Reply-To and References, and the reply's).
 * A new message whose ids meet one of these belongs to an answered thread and is not answered
 * again, whatever restarts or re-syncs happen in between. Written before the reply is sent (the
 * claim), so two runs never both answer; removed again if the reply could not be sent.
 */
@Entity('email_auto_responses')
@Check('CHK_email_auto_responses_kind', `"kind" IN ('meeting', 'inquiry')`)
export class EmailAutoResponseEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_email_auto_responses',
  })
  id!: number;

  @Index('IDX_email_auto_responses_integrationId')
  @Column({ type: 'integer' })
  integrationId!: number;

  @ManyToOne(() => EmailIntegrationEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'integrationId', foreignKeyConstraintName: 'FK_email_auto_responses_integrationId' })
  integration?: EmailIntegrationEntity;

  /** The message answered; null once that row is gone (the thread stays answered). */
  @Index('IDX_email_auto_responses_emailId')
  @Column({ type: 'integer', nullable: true })
  emailId!: number | null;

  @ManyToOne(() => EmailEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'emailId', foreignKeyConstraintName: 'FK_email_auto_responses_emailId' })
  email?: EmailEntity;

  @Column({ type: 'varchar', length: 10 })
  kind!: EmailAutoResponseKind;

  /** Message-IDs of the thread (GIN index from the migration, for `&&`). */
  @Index('IDX_email_auto_responses_threadMessageIds', { synchronize: false })
  @Column({ type: 'text', array: true })
  threadMessageIds!: string[];

  @Column({ type: 'varchar', length: 998, nullable: true })
  replyMessageId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
