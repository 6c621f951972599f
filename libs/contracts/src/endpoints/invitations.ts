import { endpoint } from '../endpoint';
import { emailInvitationSchema, respondedInvitationSchema, respondToInvitationSchema } from '../invitations';

/** Issue 26: meeting invitations (iTIP/iMIP) in mail, answered from the message. */
export const invitationsEndpoints = {
  forEmail: endpoint({
    method: 'GET',
    path: '/api/emails/:id/invitation',
    response: emailInvitationSchema,
    summary: 'The meeting invitation a message carries (text/calendar REQUEST or CANCEL), with conflicts',
  }),
  respond: endpoint({
    method: 'POST',
    path: '/api/invitations/:id/respond',
    body: respondToInvitationSchema,
    response: respondedInvitationSchema,
    status: 200,
    invalidates: ['/api/emails', '/api/events', '/api/dashboard'],
    entity: 'event',
    summary: 'Sends an iMIP REPLY to the organiser and adds the meeting to (or removes it from) the calendar',
  }),
};
