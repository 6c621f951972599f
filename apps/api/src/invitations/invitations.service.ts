import {
  EMAIL_MESSAGES,
  type EmailInvitation,
  type Invitation,
  type RespondedInvitation,
  type InvitationAnswer,
  type InvitationState,
  INVITATION_MESSAGES,
  EVENT_LIMITS,
} from '@aide/contracts';
import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CalendarIntegrationEntity } from '../calendar-integrations/calendar-integration.entity';
import { CalendarSyncService } from '../calendar-integrations/sync/calendar-sync.service';
import { EmailEntity } from '../email/email.entity';
import { EMAIL_ARRIVED, EmailArrivedEvent } from '../email/events/email-arrived.event';
import { MailAccess } from '../email/mail-access';
import { EmailSender } from '../email/sending/email-sender.service';
import { threadReferences } from '../email/sending/outgoing-message';
import { type EventInput, EventsService } from '../events/events.service';
import { CalendarInvitationEntity } from './calendar-invitation.entity';
import { type ParsedInvitation, parseInvitation } from './invitation-parsing';
import { buildReply } from './invitation-reply';

/** The subject's first word of a REPLY, as mail clients write it (the organiser's client shows its own). */
const REPLY_SUBJECT: Record<InvitationAnswer, string> = {
  accepted: 'Accepted',
  tentative: 'Tentatively accepted',
  declined: 'Declined',
};

type EmailSource = Pick<EmailEntity, 'id' | 'userId' | 'metadata' | 'subject'>;

/**
 * Meeting invitations (issue 26). An iMIP message's text/calendar part (kept by the sync in the
 * email's metadata.calendar) becomes a calendar_invitations row, when the message arrives
 * (EMAIL_ARRIVED) or when it is first read (older mail). The person answers from the message: an
 * iMIP REPLY goes to the organiser through the account that received it, and the meeting is added
 * to (accepted, tentative) or taken out of (declined) the calendar, then pushed to the calendar
 * integrations like any local event.
 *
 * Later messages about an answered meeting are applied as they arrive, as Google Calendar does:
 * an update (a REQUEST with the same UID and a SEQUENCE not lower) moves the event and keeps the
 * answer; a CANCEL removes the event. The person agreed to the meeting, so they follow it.
 */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger('InvitationsService');

  constructor(
    @InjectRepository(CalendarInvitationEntity) private readonly invitations: Repository<CalendarInvitationEntity>,
    @InjectRepository(EmailEntity) private readonly emails: Repository<EmailEntity>,
    @InjectRepository(CalendarIntegrationEntity)
    private readonly calendarIntegrations: Repository<CalendarIntegrationEntity>,
    private readonly events: EventsService,
    private readonly calendarSync: CalendarSyncService,
    private readonly mailAccess: MailAccess,
    private readonly sender: EmailSender,
  ) {}

  /** New INBOX mail: invitations are read now, so updates and cancels reach the calendar without a click. */
  @OnEvent(EMAIL_ARRIVED, { async: true, promisify: true })
  async onArrived(event: EmailArrivedEvent): Promise<void> {
    for (const email of event.emails) {
      if (typeof email.metadata?.calendar !== 'string') continue;
      try {
        await this.ingest(email);
      } catch (error) {
        this.logger.warn(`Email ${email.id}: invitation not read: ${(error as Error).message}`);
      }
    }
  }

  /** The invitation a message carries, read now if it was not yet; 404 when the message is not the user's. */
  async forEmail(userId: number, emailId: number): Promise<EmailInvitation> {
    const email = await this.emails.findOne({
      select: { id: true, userId: true, metadata: true, subject: true },
      where: { id: emailId, userId },
    });
    if (!email) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
    const row = (await this.invitations.findOne({ where: { userId, emailId } })) ?? (await this.ingest(email));
    return { invitation: row ? await this.toInvitation(row) : null };
  }

  /** Sends the REPLY, then puts the meeting in or takes it out of the calendar. */
  async respond(userId: number, id: number, answer: InvitationAnswer): Promise<RespondedInvitation> {
    const row = await this.invitations.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(INVITATION_MESSAGES.invitationNotFound);
    const state = this.stateOf(row, await this.versions(userId, row.uid));
    if (state === 'cancelled') throw new ConflictException(INVITATION_MESSAGES.invitationCancelled);
    if (state === 'superseded') throw new ConflictException(INVITATION_MESSAGES.invitationSuperseded);

    const replySent = await this.sendReply(row, answer);
    let eventId = row.eventId;
    if (answer === 'declined') {
      if (eventId !== null) await this.removeEvent(userId, eventId);
      eventId = null;
    } else if (eventId !== null) {
      await this.events.update(userId, eventId, this.eventFields(row));
    } else {
      eventId = (await this.events.create(userId, this.eventFields(row))).id;
    }
    await this.invitations.update({ userId, uid: row.uid }, { response: answer, eventId });
    await this.pushToCalendars(userId);
    return { ...(await this.toInvitation({ ...row, response: answer, eventId })), replySent };
  }

  /**
   * Reads an email's calendar part into a row (once: a second reader finds the first one's row), and
   * applies an update or cancel of a meeting already in the calendar. Null when there is no invitation.
   */
  private async ingest(email: EmailSource): Promise<CalendarInvitationEntity | null> {
    const ics = email.metadata?.calendar;
    // The person's own sent invitations are not invitations to them.
    if (typeof ics !== 'string' || email.metadata?.status === 'sent' || email.metadata?.status === 'draft') return null;
    const parsed = parseInvitation(ics);
    if (!parsed) return null;
    const previous = await this.latestVersion(email.userId, parsed.uid);
    const result = await this.invitations
      .createQueryBuilder()
      .insert()
      .values({
        ...this.columnsOf(email, parsed),
        // The answer and the event belong to the meeting: a new version takes them over.
        response: previous?.response ?? 'needs-action',
        eventId: previous?.eventId ?? null,
      })
      .orIgnore()
      .returning('*')
      .execute();
    const inserted = (result.raw as CalendarInvitationEntity[])[0];
    if (!inserted) return this.invitations.findOne({ where: { userId: email.userId, emailId: email.id } });
    const row = await this.invitations.findOneByOrFail({ id: inserted.id });
    if (previous?.eventId != null && previous.sequence <= row.sequence) await this.applyToEvent(row, previous.eventId);
    return row;
  }

  /** An update moves the answered meeting's event; a cancel removes it (the FK then clears eventId on every version). */
  private async applyToEvent(row: CalendarInvitationEntity, eventId: number): Promise<void> {
    if (row.method === 'cancel') await this.removeEvent(row.userId, eventId);
    else await this.events.update(row.userId, eventId, this.eventFields(row));
    await this.pushToCalendars(row.userId);
  }

  private async removeEvent(userId: number, eventId: number): Promise<void> {
    try {
      await this.events.remove(userId, eventId);
    } catch (error) {
      // Deleted in the calendar meanwhile: nothing left to remove.
      if (!(error instanceof NotFoundException)) throw error;
    }
  }

  /** true when the REPLY went out; false when the server refused it (it is then kept as a draft with the reason). */
  private async sendReply(row: CalendarInvitationEntity, answer: InvitationAnswer): Promise<boolean> {
    const email = await this.emails.findOneByOrFail({ id: row.emailId, userId: row.userId });
    const account = email.integrationId === null ? null : await this.mailAccess.open(email.integrationId);
    if (!account) throw new ConflictException(EMAIL_MESSAGES.noSendingAccount);
    const own = account.integration.email.toLowerCase();
    // The attendee the invitation names for this account (with its name), else the account itself.
    const attendee = row.attendees.find((a) => a.email === own) ?? {
      email: own,
      name: account.integration.displayName ?? null,
    };
    const content = buildReply(row, attendee, answer);
    const subject = `${REPLY_SUBJECT[answer]}: ${row.summary || email.subject}`;
    const outcome = await this.sender.deliver(account, {
      userId: row.userId,
      to: [
        row.organizerName ? `"${row.organizerName.replace(/["\\]/g, '')}" <${row.organizerEmail}>` : row.organizerEmail,
      ],
      subject,
      text: `${subject}\n`,
      html: null,
      inReplyTo: email.messageId,
      references: threadReferences(email),
      category: email.category,
      icalEvent: { method: 'REPLY', content },
      metadata: { invitationReply: answer, inReplyToEmailId: email.id },
    });
    return outcome.sent;
  }

  /** The calendar's copy of the meeting; the UID in metadata is how later updates find it. */
  private eventFields(row: CalendarInvitationEntity): EventInput {
    return {
      title: (row.summary || row.organizerEmail).slice(0, EVENT_LIMITS.title),
      description: row.description ? row.description.slice(0, EVENT_LIMITS.description) : undefined,
      type: 'meeting',
      startTime: row.startTime.toISOString(),
      endTime: row.endTime.toISOString(),
      location: row.location ? row.location.slice(0, EVENT_LIMITS.location) : undefined,
      attendees: row.attendees
        .map((a) => a.email)
        .filter((address) => address.length <= EVENT_LIMITS.attendee)
        .slice(0, EVENT_LIMITS.attendees),
      recurrence: row.recurrence ?? undefined,
      timezone: row.recurrence ? (row.timezone ?? 'UTC') : (row.timezone ?? undefined),
      metadata: { invitationUid: row.uid, invitationEmailId: row.emailId },
      // The link back to the message the meeting came in (issue 26's foundation column).
      sourceEmailId: row.emailId,
    } as EventInput;
  }

  /** Every integration that sends local events out gets a sync, so the meeting reaches CalDAV, Google, Outlook. */
  private async pushToCalendars(userId: number): Promise<void> {
    const integrations = await this.calendarIntegrations.find({
      select: { id: true, userId: true, syncDirection: true },
      where: { userId, syncEnabled: true },
    });
    for (const integration of integrations) {
      if (integration.syncDirection !== 'import') await this.calendarSync.enqueue(integration);
    }
  }

  private columnsOf(
    email: EmailSource,
    parsed: ParsedInvitation,
  ): Omit<Partial<CalendarInvitationEntity>, 'user' | 'email' | 'event'> {
    return {
      userId: email.userId,
      emailId: email.id,
      uid: parsed.uid,
      sequence: parsed.sequence,
      method: parsed.method,
      summary: parsed.summary,
      organizerEmail: parsed.organizer.email.slice(0, 320),
      organizerName: parsed.organizer.name?.slice(0, 500) ?? null,
      startTime: new Date(parsed.startTime),
      endTime: new Date(parsed.endTime),
      allDay: parsed.allDay,
      timezone: parsed.timezone,
      recurrence: parsed.recurrence,
      location: parsed.location,
      description: parsed.description,
      attendees: parsed.attendees,
    };
  }

  /** The version the meeting is at: highest SEQUENCE, then the latest received. */
  private async latestVersion(userId: number, uid: string): Promise<CalendarInvitationEntity | null> {
    return this.invitations.findOne({ where: { userId, uid }, order: { sequence: 'DESC', id: 'DESC' } });
  }

  private versions(userId: number, uid: string): Promise<CalendarInvitationEntity[]> {
    return this.invitations.find({ where: { userId, uid } });
  }

  private stateOf(row: CalendarInvitationEntity, versions: CalendarInvitationEntity[]): InvitationState {
    const others = versions.filter((v) => v.id !== row.id);
    if (row.method === 'cancel' || others.some((v) => v.method === 'cancel' && v.sequence >= row.sequence))
      return 'cancelled';
    if (others.some((v) => v.sequence > row.sequence || (v.sequence === row.sequence && v.id > row.id)))
      return 'superseded';
    if (others.some((v) => v.sequence < row.sequence)) return 'updated';
    return 'new';
  }

  private async toInvitation(row: CalendarInvitationEntity): Promise<Invitation> {
    const state = this.stateOf(row, await this.versions(row.userId, row.uid));
    // Conflicts: what else the calendar holds then, repeating events expanded; the meeting's own event left out.
    const conflicts =
      state === 'cancelled'
        ? []
        : (await this.events.occurrences(row.userId, { from: row.startTime, to: row.endTime }))
            .filter((event) => event.id !== row.eventId && Date.parse(event.endTime) > row.startTime.getTime())
            .slice(0, 10)
            .map((event) => ({ id: event.id, title: event.title, startTime: event.startTime, endTime: event.endTime }));
    return {
      id: row.id,
      emailId: row.emailId,
      uid: row.uid,
      sequence: row.sequence,
      method: row.method,
      state,
      summary: row.summary,
      organizer: { name: row.organizerName, email: row.organizerEmail },
      startTime: row.startTime.toISOString(),
      endTime: row.endTime.toISOString(),
      allDay: row.allDay,
      timezone: row.timezone,
      recurrence: row.recurrence,
      location: row.location,
      description: row.description,
      attendees: row.attendees,
      response: row.response,
      eventId: row.eventId,
      conflicts,
    };
  }
}
