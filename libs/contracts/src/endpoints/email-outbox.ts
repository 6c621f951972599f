import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  cancelledOutgoingEmailSchema,
  outgoingEmailSchema,
  rescheduleOutgoingEmailSchema,
  sendComposedEmailSchema,
} from '../email-compose';

/** What the outbox changes: itself, and (once a message went out) the lists and counts. */
const OUTBOX_CHANGES = ['/api/emails/outbox', '/api/emails', '/api/emails/stats', '/api/dashboard'] as const;

/** Issue 24: sending a written message, with an undo window or at a chosen time. */
export const emailOutboxEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/emails/send',
    body: sendComposedEmailSchema,
    response: outgoingEmailSchema,
    status: 202,
    invalidates: OUTBOX_CHANGES,
    entity: 'email',
    summary: 'Queued in the outbox: sent after the undo window, or at sendAt; exactly once',
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/api/emails/outbox',
    response: z.array(outgoingEmailSchema),
    summary: 'Messages waiting to go out (scheduled, or in their undo window) and those that failed, soonest first',
  }),
  reschedule: endpoint({
    method: 'PATCH',
    path: '/api/emails/outbox/:id',
    body: rescheduleOutgoingEmailSchema,
    response: outgoingEmailSchema,
    invalidates: OUTBOX_CHANGES,
    entity: 'email',
    summary: 'Another time for a message still waiting',
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/emails/outbox/:id',
    response: cancelledOutgoingEmailSchema,
    status: 200,
    invalidates: OUTBOX_CHANGES,
    entity: 'email',
    summary: 'Undo send / cancel a scheduled send: the message comes back to edit (409 once it went out)',
  }),
};
