import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  classifyEmailSchema,
  createEmailIntegrationSchema,
  emailIntegrationSchema,
  emailOAuthAvailabilitySchema,
  emailPageSchema,
  emailSchema,
  emailStatsSchema,
  emailTriageSchema,
  forwardEmailSchema,
  listEmailsQuerySchema,
  replyEmailSchema,
  sendEmailResultSchema,
  updateEmailIntegrationSchema,
  updateEmailSchema,
} from '../email';
import { emailSyncStartedSchema } from '../email-sync';

/** What a change to an email makes stale: the lists, the counts (and the sidebar badge) and the dashboard. */
const EMAIL_CHANGES = ['/api/emails', '/api/emails/stats', '/api/dashboard'] as const;
/** An account added or removed brings or takes its mail with it. */
const ACCOUNT_AND_MAIL_CHANGES = ['/api/email-integrations', ...EMAIL_CHANGES] as const;
/** A setting or a queued sync changes the account only (the sync job announces the mail it brings). */
const ACCOUNT_CHANGES = ['/api/email-integrations'] as const;

export const emailEndpoints = {
  // ---- Emails ----
  list: endpoint({
    method: 'GET',
    path: '/api/emails',
    query: listEmailsQuerySchema,
    response: emailPageSchema,
    summary: 'One page of a tab, newest first; archived emails appear only in archived',
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/emails/stats',
    response: emailStatsSchema,
    summary: 'Counts for the tiles (urgent, important, work, total) and the tabs (inbox, urgent, important, regular)',
  }),
  /** Issue 26: one message, for a link to it from what it became (`/email?open=<id>`). */
  get: endpoint({
    method: 'GET',
    path: '/api/emails/:id/message',
    response: emailSchema,
    summary: 'One message of the user (the list item), e.g. to open it from the event or document it became',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/emails/:id',
    body: updateEmailSchema,
    response: emailSchema,
    invalidates: EMAIL_CHANGES,
    entity: 'email',
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/emails/reply',
    body: replyEmailSchema,
    response: sendEmailResultSchema,
    status: 200,
    invalidates: EMAIL_CHANGES,
    entity: 'email',
    summary: 'Sent, or saved as a draft when delivery failed (emailSent false)',
  }),
  forward: endpoint({
    method: 'POST',
    path: '/api/emails/forward',
    body: forwardEmailSchema,
    response: sendEmailResultSchema,
    status: 200,
    invalidates: EMAIL_CHANGES,
    entity: 'email',
    summary: 'Sent, or saved as a draft when delivery failed (emailSent false)',
  }),
  /** The /email-test page: what triage would make of a message; nothing is stored. */
  classify: endpoint({
    method: 'POST',
    path: '/api/emails/classify',
    body: classifyEmailSchema,
    response: emailTriageSchema,
    status: 200,
    summary: "Triage's verdict, and whether the rules or the user's learnt model decided each field",
  }),

  // ---- Email integrations (accounts) ----
  integrations: endpoint({
    method: 'GET',
    path: '/api/email-integrations',
    response: z.array(emailIntegrationSchema),
    summary: "The signed-in user's mail accounts, oldest first (never a password or token)",
  }),
  createIntegration: endpoint({
    method: 'POST',
    path: '/api/email-integrations',
    body: createEmailIntegrationSchema,
    response: emailIntegrationSchema,
    invalidates: ACCOUNT_AND_MAIL_CHANGES,
    entity: 'email-integration',
    summary: 'Connected; the password is stored encrypted and never returned; the first sync is queued',
  }),
  syncIntegration: endpoint({
    method: 'POST',
    path: '/api/email-integrations/:id/sync',
    response: emailSyncStartedSchema,
    status: 202,
    invalidates: ACCOUNT_CHANGES,
    entity: 'email-integration',
    summary: 'A sync is queued (Sync Now); the account comes back with syncing: true',
  }),
  updateIntegration: endpoint({
    method: 'PATCH',
    path: '/api/email-integrations/:id',
    body: updateEmailIntegrationSchema,
    response: emailIntegrationSchema,
    invalidates: ACCOUNT_CHANGES,
    entity: 'email-integration',
    summary: 'Updated; turning sync on queues a sync',
  }),
  removeIntegration: endpoint({
    method: 'DELETE',
    path: '/api/email-integrations/:id',
    response: null,
    status: 204,
    invalidates: ACCOUNT_AND_MAIL_CHANGES,
    entity: 'email-integration',
    summary: 'Removed, with the mail synced from it',
  }),
  oauthAvailability: endpoint({
    method: 'GET',
    path: '/api/email-integrations/oauth',
    response: emailOAuthAvailabilitySchema,
    summary: 'Whether Gmail can connect with Google sign-in here (otherwise with an app password)',
  }),
  /**
   * Spec §7: "For the gmail provider, the browser is navigated to /api/auth/gmail instead of the
   * POST." A navigation, answered with redirects: to Google's consent page, then (the callback) back
   * to `returnTo`'s Integrations tab.
   */
  gmailOAuthStart: endpoint({
    method: 'GET',
    path: '/api/auth/gmail',
    query: z.object({ returnTo: z.string().optional() }),
    response: null,
    status: 302,
    summary: "Redirects to Google's consent page",
  }),
  gmailOAuthCallback: endpoint({
    method: 'GET',
    path: '/api/auth/gmail/callback',
    response: null,
    status: 302,
    invalidates: ACCOUNT_CHANGES,
    entity: 'email-integration',
    summary: 'Google sends the browser back here; redirects to the Integrations tab',
  }),
};
