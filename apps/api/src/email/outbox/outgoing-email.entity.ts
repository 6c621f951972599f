import type { ComposedMessage, OutgoingEmailStatus } from '@aide/contracts';
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
import { User } from '../../users/user.entity';
import { EmailEntity } from '../email.entity';
import { EmailIntegrationEntity } from '../email-integration.entity';

/**
 * A written message in the outbox (issue 24): it waits until `sendAt` (the end of the undo window,
 * or the time the person chose), then one worker claims it (`waiting` → `sending`) and sends it.
 * Migration CreateOutgoingEmails1795400200000.
 */
@Entity('outgoing_emails')
@Check('CHK_outgoing_emails_status', `"status" IN ('waiting', 'sending', 'sent', 'failed', 'cancelled')`)
// The Scheduled tab: a user's waiting, sending and failed messages, soonest first.
@Index('IDX_outgoing_emails_userId_status_sendAt', ['userId', 'status', 'sendAt'])
// The sweep: messages that are due, across users.
@Index('IDX_outgoing_emails_waiting_sendAt', ['sendAt'], { where: `"status" = 'waiting'` })
export class OutgoingEmailEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_outgoing_emails' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_outgoing_emails_userId' })
  user?: User;

  /** The account it goes out through; removing the account removes what it had still to send. */
  @Column({ type: 'integer' })
  integrationId!: number;

  @ManyToOne(() => EmailIntegrationEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'integrationId', foreignKeyConstraintName: 'FK_outgoing_emails_integrationId' })
  integration?: EmailIntegrationEntity;

  /** The message as the compose window sent it (given back by Undo / Cancel, to edit). */
  @Column({ type: 'jsonb' })
  message!: ComposedMessage;

  /**
   * The Message-ID, fixed when the message is queued: a send interrupted by a crash is looked for
   * by it (in the app's Sent rows and the server's Sent folder) before anything is sent again.
   */
  @Column({ type: 'varchar', length: 998 })
  messageId!: string;

  @Column({ type: 'timestamptz' })
  sendAt!: Date;

  /** True when the person chose the time; false for the undo window after Send. */
  @Column({ type: 'boolean', default: false })
  scheduled!: boolean;

  @Column({ type: 'varchar', length: 10, default: 'waiting' })
  status!: OutgoingEmailStatus;

  /** Why it was not sent, readable. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** The stored copy in Sent once it went out. */
  @Column({ type: 'integer', nullable: true })
  sentEmailId!: number | null;

  @ManyToOne(() => EmailEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sentEmailId', foreignKeyConstraintName: 'FK_outgoing_emails_sentEmailId' })
  sentEmail?: EmailEntity;

  /** How many times a worker claimed it to send. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** When a worker claimed it (status 'sending'); a claim this old belongs to a send that died. */
  @Column({ type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
