import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  archiveAllResultSchema,
  createSenderRuleSchema,
  newsletterSenderSchema,
  senderBodySchema,
  senderRuleSchema,
  unsubscribeResultSchema,
} from '../email-newsletters';

const NEWSLETTER_CHANGES = ['/api/emails/newsletters', '/api/emails/sender-rules'] as const;
const MAIL_CHANGES = [...NEWSLETTER_CHANGES, '/api/emails', '/api/emails/stats', '/api/dashboard'] as const;

/** Issue 24: newsletters by sender, unsubscribe, archive all, and per-sender rules. */
export const emailNewslettersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/emails/newsletters',
    response: z.array(newsletterSenderSchema),
    summary: 'Newsletter and promotion mail grouped by sender, latest first',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/emails/newsletters/unsubscribe',
    body: senderBodySchema,
    response: unsubscribeResultSchema,
    status: 200,
    invalidates: NEWSLETTER_CHANGES,
    entity: 'email',
    summary: 'RFC 8058 one-click POST, else an RFC 2369 mailto sent over SMTP, else the link for the UI to open',
  }),
  archiveAll: endpoint({
    method: 'POST',
    path: '/api/emails/newsletters/archive',
    body: senderBodySchema,
    response: archiveAllResultSchema,
    status: 200,
    invalidates: MAIL_CHANGES,
    entity: 'email',
    summary: 'Archives every message from this sender',
  }),
  rules: endpoint({
    method: 'GET',
    path: '/api/emails/sender-rules',
    response: z.array(senderRuleSchema),
    summary: 'Per-sender rules: keep archiving, always show remote images',
  }),
  createRule: endpoint({
    method: 'POST',
    path: '/api/emails/sender-rules',
    body: createSenderRuleSchema,
    response: senderRuleSchema,
    status: 201,
    invalidates: NEWSLETTER_CHANGES,
    entity: 'email',
    summary: 'Adds a per-sender rule (the same rule twice is one rule)',
  }),
  deleteRule: endpoint({
    method: 'DELETE',
    path: '/api/emails/sender-rules/:id',
    status: 204,
    response: null,
    invalidates: NEWSLETTER_CHANGES,
    entity: 'email',
    summary: 'Removes a per-sender rule',
  }),
};
