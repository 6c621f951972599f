import type { PendingServerChanges } from '../email.entity';

/** The event name of EmailServerChangePendingEvent. */
export const EMAIL_SERVER_CHANGE_PENDING = 'email.server-change-pending';

/**
 * A read or archive change made in the app to a message that lives on a mail server, emitted by
 * EmailsService after the UPDATE that stored it has committed. The change is durable before anyone
 * is told: it is merged into emails."pendingServerChanges" in the same UPDATE as the flag itself,
 * so a listener that fails loses nothing (the next sync pushes what is still pending). Listeners:
 * the sync service, which queues the STORE \Seen / MOVE for that message.
 */
export class EmailServerChangePendingEvent {
  constructor(
    readonly userId: number,
    readonly emailId: number,
    readonly integrationId: number,
    readonly mailbox: string,
    readonly uidValidity: string,
    readonly uid: string,
    /** What changed; also merged into the row's pendingServerChanges until the server has it. */
    readonly changes: PendingServerChanges,
  ) {}
}
