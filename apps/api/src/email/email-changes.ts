import { Injectable, Logger } from '@nestjs/common';
import type { PendingServerChanges } from './email.entity';

/** A read or archive change made in the app to a message that lives on a mail server. */
export interface EmailServerChange {
  userId: number;
  emailId: number;
  integrationId: number;
  mailbox: string;
  uidValidity: string;
  uid: string;
  /** What changed; also merged into the row's pendingServerChanges until the server has it. */
  changes: PendingServerChanges;
}

/** Whoever talks to the mail server (the sync engine): told of each change after it is committed. */
export interface EmailServerChangeListener {
  serverChangePending(change: EmailServerChange): Promise<void>;
}

/**
 * The hook between PATCH /api/emails/:id and the mail server. The change is durable before anyone
 * is told: EmailsService merges it into emails."pendingServerChanges" in the same UPDATE as the
 * flag itself. A listener (the IMAP sync engine) registers here and, told of a change, queues the
 * STORE \Seen / MOVE for that message; when the server has it, the listener clears the keys it
 * pushed from pendingServerChanges, and its sync pushes anything still pending before it reads the
 * server's flags, so a sync never undoes a change the server has not heard of. A listener that
 * fails is logged; the pending column still carries the change to the next sync.
 */
@Injectable()
export class EmailChanges {
  private readonly logger = new Logger('EmailChanges');
  private readonly listeners: EmailServerChangeListener[] = [];

  register(listener: EmailServerChangeListener): void {
    if (!this.listeners.includes(listener)) this.listeners.push(listener);
  }

  async serverChangePending(change: EmailServerChange): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener.serverChangePending(change);
      } catch (error) {
        this.logger.warn(
          `Email ${change.emailId}: the mail server was not told yet (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
  }
}
