import { endpoint } from '../endpoint';
import { replyHelpSchema } from '../email-assist';

/** Issue 24: reply help for one received message. */
export const emailAssistEndpoints = {
  replyHelp: endpoint({
    method: 'POST',
    path: '/api/emails/:id/reply-draft',
    response: replyHelpSchema,
    status: 200,
    entity: 'email',
    summary: "Suggested short replies and a drafted reply in the user's language (never sent by itself)",
  }),
};
