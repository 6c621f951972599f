import { Injectable, Logger } from '@nestjs/common';
import type { EmailEntity } from './email.entity';
import type { EmailIntegrationEntity } from './email-integration.entity';

/** Whoever acts on new incoming mail (the auto-responder). */
export interface EmailArrivalListener {
  /** `emails` are rows just inserted by a sync into the account's INBOX, already triaged. */
  arrived(integration: EmailIntegrationEntity, emails: EmailEntity[]): Promise<void>;
}

/**
 * The hook between the sync engine and what reacts to new mail. The sync engine calls
 * `arrived()` after it has committed a batch of new INBOX messages; a listener that fails is
 * logged and does not fail the sync (the mail is stored either way).
 */
@Injectable()
export class EmailArrivals {
  private readonly logger = new Logger('EmailArrivals');
  private readonly listeners: EmailArrivalListener[] = [];

  register(listener: EmailArrivalListener): void {
    if (!this.listeners.includes(listener)) this.listeners.push(listener);
  }

  async arrived(integration: EmailIntegrationEntity, emails: EmailEntity[]): Promise<void> {
    if (emails.length === 0) return;
    for (const listener of this.listeners) {
      try {
        await listener.arrived(integration, emails);
      } catch (error) {
        this.logger.warn(
          `Account ${integration.id}: acting on ${emails.length} new message(s) failed (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
  }
}
