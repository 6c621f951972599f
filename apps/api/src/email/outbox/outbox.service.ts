import {
  type ComposedMessage,
  EMAIL_COMPOSE_MESSAGES,
  EMAIL_MESSAGES,
  EMAIL_SCHEDULE_MAX_DAYS,
  type OutgoingEmail,
  type SendComposedEmailPayload,
} from '@aide/contracts';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returnedRows } from '../../database/returned-rows.util';
import { newMessageId } from '../sending/email-sender.service';
import { OUTBOX_SETTINGS, type OutboxSettings } from './outbox-settings';
import { OutboxSender } from './outbox-sender.service';
import type { OutgoingEmailEntity } from './outgoing-email.entity';
import { toOutgoingEmail } from './outgoing-email.mapper';

const DAY_MS = 24 * 60 * 60_000;
/** The contract's message for integrationId (composedMessageSchema), for an account that is not the user's or not active. */
const CHOOSE_ACCOUNT = 'Choose the account to send from';

/**
 * The outbox as the signed-in user sees it (POST /api/emails/send, GET/PATCH/DELETE
 * /api/emails/outbox): what Send queues, what is still waiting, another time, and Undo. Sending
 * itself is OutboxSender's. Every query is scoped by the user id; another user's message is 404.
 *
 * Undo, Cancel and Reschedule are single conditional UPDATEs on the status, so they cannot
 * overtake a worker that has claimed the message (waiting → sending): once it is claimed they
 * answer 409 "This message has already been sent".
 */
@Injectable()
export class OutboxService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(OUTBOX_SETTINGS) private readonly settings: OutboxSettings,
    private readonly sender: OutboxSender,
  ) {}

  /** Queues the message: at `sendAt` (scheduled), or after the undo window. 400 for an account or a time it cannot use. */
  async send(userId: number, payload: SendComposedEmailPayload): Promise<OutgoingEmail> {
    const { sendAt: chosen, ...message } = payload;
    const sendAt = chosen === null ? new Date(Date.now() + this.settings.undoSendSeconds * 1000) : validTime(chosen);
    const integration = await this.activeIntegration(userId, message.integrationId);
    await this.checkReferences(userId, message);
    const [row] = returnedRows<OutgoingEmailEntity>(
      await this.dataSource.query(
        `INSERT INTO outgoing_emails ("userId", "integrationId", message, "messageId", "sendAt", scheduled)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [userId, message.integrationId, message, newMessageId(integration.email), sendAt, chosen !== null],
      ),
    );
    await this.sender.queue(row);
    return toOutgoingEmail(row);
  }

  /** Waiting (scheduled or in their undo window), being sent, and failed messages, soonest first. */
  async list(userId: number): Promise<OutgoingEmail[]> {
    const rows = await this.dataSource.query<OutgoingEmailEntity[]>(
      `SELECT * FROM outgoing_emails WHERE "userId" = $1 AND status IN ('waiting', 'sending', 'failed') ORDER BY "sendAt", id`,
      [userId],
    );
    return rows.map(toOutgoingEmail);
  }

  /** Another time for a waiting message, or a failed one tried again (Retry): it waits again, scheduled. */
  async reschedule(userId: number, id: number, when: string): Promise<OutgoingEmail> {
    const sendAt = validTime(when);
    const [row] = returnedRows<OutgoingEmailEntity>(
      await this.dataSource.query(
        `UPDATE outgoing_emails SET "sendAt" = $3, scheduled = true, status = 'waiting', error = NULL, "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2 AND status IN ('waiting', 'failed') RETURNING *`,
        [id, userId, sendAt],
      ),
    );
    if (!row) throw await this.notWaiting(userId, id);
    await this.sender.queue(row);
    return toOutgoingEmail(row);
  }

  /**
   * Undo send, or cancelling a scheduled (or failed) message: it leaves the outbox and comes back
   * as it was written, to edit. Its draft, if it had one, was never removed (that happens once sent).
   */
  async cancel(userId: number, id: number): Promise<{ message: ComposedMessage }> {
    const [row] = returnedRows<Pick<OutgoingEmailEntity, 'message'>>(
      await this.dataSource.query(
        `UPDATE outgoing_emails SET status = 'cancelled', "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2 AND status IN ('waiting', 'failed') RETURNING message`,
        [id, userId],
      ),
    );
    if (!row) throw await this.notWaiting(userId, id);
    return { message: row.message };
  }

  /** Why a message could not be changed: gone, another user's or cancelled (404), or claimed or sent (409). */
  private async notWaiting(userId: number, id: number): Promise<Error> {
    const [row] = await this.dataSource.query<{ status: string }[]>(
      `SELECT status FROM outgoing_emails WHERE id = $1 AND "userId" = $2`,
      [id, userId],
    );
    if (!row || row.status === 'cancelled') return new NotFoundException(EMAIL_COMPOSE_MESSAGES.outgoingNotFound);
    return new ConflictException(EMAIL_COMPOSE_MESSAGES.alreadySent);
  }

  /** The user's own, active account; anything else is 'Choose the account to send from'. */
  private async activeIntegration(userId: number, integrationId: number): Promise<{ email: string }> {
    const [integration] = await this.dataSource.query<{ email: string }[]>(
      `SELECT email FROM email_integrations WHERE id = $1 AND "userId" = $2 AND "isActive"`,
      [integrationId, userId],
    );
    if (!integration) throw new BadRequestException(CHOOSE_ACCOUNT);
    return integration;
  }

  /** The message answered and the draft written in must be the user's own (404 as for any email of another user). */
  private async checkReferences(userId: number, message: ComposedMessage): Promise<void> {
    const ids = [message.inReplyToEmailId, message.draftId].filter((id): id is number => id !== null);
    if (ids.length === 0) return;
    const [{ found }] = await this.dataSource.query<{ found: number }[]>(
      `SELECT count(*)::int AS found FROM emails WHERE "userId" = $1 AND id = ANY($2::int[])`,
      [userId, [...new Set(ids)]],
    );
    if (found !== new Set(ids).size) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
  }
}

/** A chosen time: in the future and at most EMAIL_SCHEDULE_MAX_DAYS ahead. */
function validTime(iso: string): Date {
  const at = new Date(iso);
  if (at.getTime() <= Date.now()) throw new BadRequestException(EMAIL_COMPOSE_MESSAGES.sendAtInPast);
  if (at.getTime() > Date.now() + EMAIL_SCHEDULE_MAX_DAYS * DAY_MS)
    throw new BadRequestException(EMAIL_COMPOSE_MESSAGES.sendAtTooFar);
  return at;
}
