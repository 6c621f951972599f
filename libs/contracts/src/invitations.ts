import { z } from 'zod';

/**
 * Meeting invitations (issue 26): an iMIP message (RFC 6047) carrying an iTIP REQUEST or CANCEL
 * (RFC 5546), shown with the person's answer; answering sends an iMIP REPLY to the organiser and
 * puts the meeting in (or takes it out of) the calendar.
 */

export const INVITATION_MESSAGES = {
  invalidResponse: 'Response must be accepted, tentative or declined',
  invitationNotFound: 'Invitation not found',
  invitationCancelled: 'This meeting was cancelled',
  invitationSuperseded: 'A newer version of this invitation arrived',
  invalidId: 'Invitation id must be a positive whole number',
} as const;

/** The person's answer (an attendee's PARTSTAT, RFC 5545 §3.2.12, in lower case). */
export const invitationResponseSchema = z.enum(['needs-action', 'accepted', 'tentative', 'declined']);
export type InvitationResponse = z.output<typeof invitationResponseSchema>;

/** What the person can answer: needs-action is where they start. */
export const invitationAnswerSchema = z.enum(['accepted', 'tentative', 'declined'], {
  error: INVITATION_MESSAGES.invalidResponse,
});
export type InvitationAnswer = z.output<typeof invitationAnswerSchema>;

/** POST /api/invitations/:id/respond */
export const respondToInvitationSchema = z.object({ response: invitationAnswerSchema }).strict();
export type RespondToInvitationPayload = z.input<typeof respondToInvitationSchema>;

export const invitationPersonSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
});
export type InvitationPerson = z.output<typeof invitationPersonSchema>;

export const invitationAttendeeSchema = invitationPersonSchema.extend({ response: invitationResponseSchema });
export type InvitationAttendee = z.output<typeof invitationAttendeeSchema>;

/**
 * 'new': a first invitation; 'updated': a later version (higher SEQUENCE) of one already received;
 * 'cancelled': the organiser cancelled the meeting; 'superseded': a newer version has arrived since.
 */
export const invitationStateSchema = z.enum(['new', 'updated', 'cancelled', 'superseded']);
export type InvitationState = z.output<typeof invitationStateSchema>;

/** An event of the person's calendar at the same time (occurrences of repeating events included). */
export const invitationConflictSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type InvitationConflict = z.output<typeof invitationConflictSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  emailId: z.number().int(),
  /** The iCalendar UID: every version and the cancel of one meeting share it. */
  uid: z.string(),
  sequence: z.number().int(),
  method: z.enum(['request', 'cancel']),
  state: invitationStateSchema,
  summary: z.string(),
  organizer: invitationPersonSchema,
  /** ISO instants; an all-day meeting runs from midnight to midnight UTC of its days. */
  startTime: z.string(),
  endTime: z.string(),
  allDay: z.boolean(),
  /** The IANA zone the organiser wrote the time in, null for UTC or floating times. */
  timezone: z.string().nullable(),
  /** RRULE value (no 'RRULE:' prefix) of a repeating meeting. */
  recurrence: z.string().nullable(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  attendees: z.array(invitationAttendeeSchema),
  response: invitationResponseSchema,
  /** The calendar event the answer made; null before accepting, after declining or a cancel. */
  eventId: z.number().int().nullable(),
  conflicts: z.array(invitationConflictSchema),
});
export type Invitation = z.output<typeof invitationSchema>;

/**
 * POST /api/invitations/:id/respond: the invitation as answered, and whether the REPLY went out. When
 * the mail server refused it, the answer still stands (the calendar follows) and the REPLY waits in
 * Drafts with the reason, as any reply that could not be sent does.
 */
export const respondedInvitationSchema = invitationSchema.extend({ replySent: z.boolean() });
export type RespondedInvitation = z.output<typeof respondedInvitationSchema>;

/** GET /api/emails/:id/invitation: null when the message carries no invitation. */
export const emailInvitationSchema = z.object({ invitation: invitationSchema.nullable() });
export type EmailInvitation = z.output<typeof emailInvitationSchema>;
