import type { OutgoingEmail } from '@aide/contracts';
import type { OutgoingEmailEntity } from './outgoing-email.entity';

/** A row of the outbox as GET /api/emails/outbox answers it (the body stays on the server). */
export function toOutgoingEmail(row: OutgoingEmailEntity): OutgoingEmail {
  return {
    id: row.id,
    integrationId: row.integrationId,
    to: row.message.to,
    cc: row.message.cc,
    bcc: row.message.bcc,
    subject: row.message.subject,
    sendAt: new Date(row.sendAt).toISOString(),
    scheduled: row.scheduled,
    status: row.status,
    error: row.error,
    sentEmailId: row.sentEmailId,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
