import type { EmailEntity } from '../email.entity';
import type { EmailIntegrationEntity } from '../email-integration.entity';

/** The event name of EmailArrivedEvent. */
export const EMAIL_ARRIVED = 'email.arrived';

/**
 * New mail reached an account's INBOX: the sync engine emits it after it has committed the batch
 * (a first sync's backfill of old mail is not news). Listeners: the auto-responder.
 */
export class EmailArrivedEvent {
  constructor(
    readonly integration: EmailIntegrationEntity,
    /** Rows just inserted into the account's INBOX, already triaged; never empty. */
    readonly emails: readonly EmailEntity[],
  ) {}
}
