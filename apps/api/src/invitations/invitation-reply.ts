import type { InvitationAnswer } from '@aide/contracts';
import { ICalAttendeeStatus, ICalCalendar, ICalCalendarMethod } from 'ical-generator';

const STATUS: Record<InvitationAnswer, ICalAttendeeStatus> = {
  accepted: ICalAttendeeStatus.ACCEPTED,
  tentative: ICalAttendeeStatus.TENTATIVE,
  declined: ICalAttendeeStatus.DECLINED,
};

/** What a REPLY repeats of the invitation it answers. */
export interface AnsweredInvitation {
  uid: string;
  sequence: number;
  summary: string;
  organizerEmail: string;
  organizerName: string | null;
  startTime: Date;
  endTime: Date;
  allDay: boolean;
}

/**
 * An iTIP REPLY (RFC 5546 §3.2.3): METHOD:REPLY, the invitation's UID and SEQUENCE, a fresh
 * DTSTAMP, its ORGANIZER, and one ATTENDEE (the person) with their PARTSTAT.
 */
export function buildReply(
  invitation: AnsweredInvitation,
  attendee: { email: string; name: string | null },
  answer: InvitationAnswer,
  now = new Date(),
): string {
  const calendar = new ICalCalendar({ prodId: '//Aide//Meeting invitations//EN', method: ICalCalendarMethod.REPLY });
  calendar.createEvent({
    id: invitation.uid,
    sequence: invitation.sequence,
    stamp: now,
    start: invitation.startTime,
    end: invitation.endTime,
    allDay: invitation.allDay,
    summary: invitation.summary,
    organizer: { name: invitation.organizerName ?? invitation.organizerEmail, email: invitation.organizerEmail },
    attendees: [{ email: attendee.email, ...(attendee.name && { name: attendee.name }), status: STATUS[answer] }],
  });
  return calendar.toString();
}
