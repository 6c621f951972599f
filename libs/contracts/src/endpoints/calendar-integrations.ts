import { z } from 'zod';
import {
  calendarAuthUrlSchema,
  calendarIntegrationSchema,
  createCalDavIntegrationSchema,
  updateCalendarIntegrationSchema,
} from '../calendar-integrations';
import { endpoint } from '../endpoint';

/** An integration's change also changes the events it imported. */
const INTEGRATION_CHANGES = ['/api/calendar-integrations', '/api/events', '/api/dashboard'] as const;

export const calendarIntegrationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/calendar-integrations',
    response: z.array(calendarIntegrationSchema),
    summary: "The signed-in user's calendar integrations (never their credentials)",
  }),
  createCalDav: endpoint({
    method: 'POST',
    path: '/api/calendar-integrations/caldav',
    body: createCalDavIntegrationSchema,
    response: calendarIntegrationSchema,
    invalidates: INTEGRATION_CHANGES,
    entity: 'calendar-integration',
    summary: 'Connected; the first sync is queued',
  }),
  sync: endpoint({
    method: 'POST',
    path: '/api/calendar-integrations/:id/sync',
    response: calendarIntegrationSchema,
    status: 202,
    invalidates: INTEGRATION_CHANGES,
    entity: 'calendar-integration',
    summary: 'A sync is queued; the integration comes back with syncing: true',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/calendar-integrations/:id',
    body: updateCalendarIntegrationSchema,
    response: calendarIntegrationSchema,
    invalidates: ['/api/calendar-integrations'],
    entity: 'calendar-integration',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/calendar-integrations/:id',
    response: null,
    status: 204,
    invalidates: INTEGRATION_CHANGES,
    entity: 'calendar-integration',
    summary: 'Removed, with the events it imported',
  }),
  /** Google or Outlook: where the browser goes to grant access. */
  oauthStart: endpoint({
    method: 'GET',
    path: '/api/auth/:provider/calendar',
    response: calendarAuthUrlSchema,
    summary: '{ authUrl }: where the browser goes to grant access',
  }),
  /** The provider sends the browser back here; it redirects to Calendar → Integrations. */
  oauthCallback: endpoint({
    method: 'GET',
    path: '/api/auth/:provider/calendar/callback',
    response: null,
    status: 302,
  }),
};
