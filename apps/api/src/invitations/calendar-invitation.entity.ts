import type { InvitationAttendee, InvitationResponse } from '@aide/contracts';
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
import { EmailEntity } from '../email/email.entity';
import { EventEntity } from '../events/event.entity';
import { User } from '../users/user.entity';

/**
 * One iTIP message (REQUEST or CANCEL) a user received, read from its email's text/calendar part.
 * Every version of one meeting shares its UID; the person's answer and the event it became are
 * kept on each of them (an update takes them over), so the newest one always tells the state.
 */
@Entity('calendar_invitations')
@Unique('UQ_calendar_invitations_userId_emailId', ['userId', 'emailId'])
@Index('IDX_calendar_invitations_userId_uid', ['userId', 'uid'])
@Check('CHK_calendar_invitations_method', `"method" IN ('request', 'cancel')`)
@Check('CHK_calendar_invitations_response', `"response" IN ('needs-action', 'accepted', 'tentative', 'declined')`)
export class CalendarInvitationEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_calendar_invitations',
  })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_calendar_invitations_userId' })
  user?: User;

  /** The message it came in (ON DELETE CASCADE: the invitation goes with its message). */
  @Column({ type: 'integer' })
  emailId!: number;

  @ManyToOne(() => EmailEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'emailId', foreignKeyConstraintName: 'FK_calendar_invitations_emailId' })
  email?: EmailEntity;

  @Column({ type: 'varchar', length: 500 })
  uid!: string;

  @Column({ type: 'integer', default: 0 })
  sequence!: number;

  @Column({ type: 'varchar', length: 10 })
  method!: 'request' | 'cancel';

  @Column({ type: 'varchar', length: 500, default: '' })
  summary!: string;

  @Column({ type: 'varchar', length: 320 })
  organizerEmail!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  organizerName!: string | null;

  @Column({ type: 'timestamptz' })
  startTime!: Date;

  @Column({ type: 'timestamptz' })
  endTime!: Date;

  @Column({ type: 'boolean', default: false })
  allDay!: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  timezone!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  recurrence!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  location!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'jsonb', default: [] })
  attendees!: InvitationAttendee[];

  @Column({ type: 'varchar', length: 20, default: 'needs-action' })
  response!: InvitationResponse;

  /** The calendar event the answer made (ON DELETE SET NULL: deleting it in the calendar is allowed). */
  @Column({ type: 'integer', nullable: true })
  eventId!: number | null;

  @ManyToOne(() => EventEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'eventId', foreignKeyConstraintName: 'FK_calendar_invitations_eventId' })
  event?: EventEntity | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
