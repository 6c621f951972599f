import { Readable } from 'node:stream';
import { OUTBOX_ERRORS, OUTBOX_RETRY_DELAYS_SECONDS } from '@aide/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { returnedRows } from '../../database/returned-rows.util';
import { moduleOpenSql } from '../../feature-toggles/feature-toggles.service';
import type { JobContext } from '../../jobs/job-definition';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { ComposeAttachmentsService } from '../compose/compose-attachments.service';
import { EmailEntity } from '../email.entity';
import { MailAccess, type MailAccount, MailServerUnreachableError } from '../mail-access';
import { EmailSender, type OutgoingAttachment, type OutgoingEmail } from '../sending/email-sender.service';
import { threadReferences } from '../sending/outgoing-message';
import { findInSentFolder, removeDraft } from './outbox-mailboxes';
import { OUTBOX_SETTINGS, type OutboxSettings } from './outbox-settings';
import type { OutgoingEmailEntity } from './outgoing-email.entity';
import { outgoingHtmlDocument, plainAlternative } from './outgoing-html';

export const EMAIL_OUTBOX_SEND_JOB = 'email.outbox-send';
export const EMAIL_OUTBOX_SWEEP_JOB = 'email.outbox-sweep';
/** Every minute, UTC. */
const SWEEP_CRON = '* * * * *';
/** One send (attachments read, SMTP, the copy in Sent) may take this long; staleSendingMs is well above it. */
const SEND_EXPIRE_SECONDS = 300;
/** A sweep sends at most this many messages; the next minute's takes the rest. */
const SWEEP_BATCH = 100;
const OUTBOX_INVALIDATES = ['/api/emails/outbox', '/api/emails', '/api/emails/stats', '/api/dashboard'];

interface SendPayload {
  outgoingId: number;
}

/**
 * Nodemailer's codes for a connection that was never made: nothing of the message reached the
 * server, so trying again later cannot send it twice. (A connection lost mid-way, ECONNECTION or a
 * timeout, may have delivered it: that one is not retried by itself.)
 */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EDNS', 'EHOSTUNREACH', 'ENETUNREACH']);

function neverReachedServer(failure: unknown): boolean {
  if (failure instanceof MailServerUnreachableError) return true;
  const code = (failure as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NEVER_CONNECTED.has(code);
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends what the outbox holds, exactly once, whatever crashes or runs twice.
 *
 * - Each queued message has an 'email.outbox-send' job starting at its sendAt (pg-boss: durable,
 *   in the database, so a restart or another worker process picks it up).
 * - Every minute 'email.outbox-sweep' sends messages due for more than sweepGraceSeconds whose job
 *   was lost (queued while pg-boss was unreachable, or the workers were off), and settles sends
 *   that died mid-way.
 *
 * Once-only rests on the claim, one conditional UPDATE (waiting → sending, only when due): only
 * the caller that gets the row back sends it. A job delivered twice, a job racing the sweep, two
 * workers, an old job of a rescheduled message (not due yet) or an undone one all find nothing to claim.
 *
 * A message left 'sending' (the process died between the claim and the outcome) is never sent
 * again blindly: its Message-ID was fixed when it was queued, so it is looked for among the sent
 * rows and in the account's Sent folder. Found: it went out, and is marked sent. Not found: it is
 * marked failed with OUTBOX_ERRORS.interrupted, for the person to check before Retry.
 *
 * A failure keeps the message (failed, with the reason) and notifies the user; Retry is a
 * reschedule. Only a server that could not be reached at all is tried again by itself
 * (OUTBOX_RETRY_DELAYS_SECONDS), as nothing can have been delivered then.
 */
@Injectable()
export class OutboxSender implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Outbox');

  constructor(
    private readonly jobs: JobsService,
    private readonly mailAccess: MailAccess,
    private readonly sender: EmailSender,
    private readonly attachments: ComposeAttachmentsService,
    private readonly notifications: NotificationsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(EmailEntity) private readonly emails: Repository<EmailEntity>,
    @Inject(OUTBOX_SETTINGS) private readonly settings: OutboxSettings,
  ) {}

  onModuleInit(): void {
    this.jobs.define<SendPayload>({
      name: EMAIL_OUTBOX_SEND_JOB,
      module: 'email',
      title: 'Send email',
      // A delivery failure is recorded on the message, not thrown; a throw is the database or a
      // crash, and a retry of a claimed message only finds nothing to claim.
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: SEND_EXPIRE_SECONDS,
      // The outcome is the message's own (failures notify, naming the message: see fail()).
      notifyOnSuccess: false,
      invalidate: OUTBOX_INVALIDATES,
      handler: (payload, ctx) => this.runSendJob(payload, ctx),
      skipped: ({ outgoingId }, reason) => this.failWaiting(outgoingId, reason),
    });
    this.jobs.define<Record<string, never>>({
      name: EMAIL_OUTBOX_SWEEP_JOB,
      module: 'email',
      title: 'Email outbox',
      notifyOnSuccess: false,
      retryLimit: 0,
      handler: async () => void (await this.sweep()),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(EMAIL_OUTBOX_SWEEP_JOB, SWEEP_CRON, {});
  }

  /** Queues the send job at the message's time; if that fails, the sweep sends it. Call after the row is committed. */
  async queue(row: Pick<OutgoingEmailEntity, 'id' | 'userId' | 'sendAt'>): Promise<void> {
    try {
      await this.jobs.enqueue<SendPayload>(
        EMAIL_OUTBOX_SEND_JOB,
        { outgoingId: row.id },
        { userId: row.userId, startAfter: new Date(row.sendAt) },
      );
    } catch (error) {
      this.logger.warn(`message ${row.id}: send job not queued (${describe(error)}); the sweep will send it`);
    }
  }

  private async runSendJob({ outgoingId }: SendPayload, ctx: JobContext): Promise<void> {
    const sent = await this.sendOne(outgoingId);
    ctx.log(sent ? `message ${outgoingId} handled` : `message ${outgoingId}: nothing to send`);
  }

  /** Sends the message if it is due and nobody else has it; false when there was nothing to claim. */
  async sendOne(id: number): Promise<boolean> {
    const row = await this.claim(`id = $1`, [id]);
    if (!row) return false;
    await this.deliverClaimed(row);
    return true;
  }

  /**
   * The minute's sweep: settles sends that died, then sends what is due (for more than `graceSeconds`,
   * the send jobs' head start) and unclaimed, one message at a time.
   */
  async sweep(graceSeconds = this.settings.sweepGraceSeconds): Promise<{ sent: number; recovered: number }> {
    const recovered = await this.recoverStale();
    let sent = 0;
    while (sent < SWEEP_BATCH) {
      const row = await this.claim(
        `id = (SELECT id FROM outgoing_emails
                WHERE status = 'waiting' AND "sendAt" <= now() - make_interval(secs => $1)
                  AND ${moduleOpenSql('email', 'outgoing_emails."userId"')}
                ORDER BY "sendAt", id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
        [graceSeconds],
      );
      if (!row) break;
      await this.deliverClaimed(row);
      sent += 1;
    }
    return { sent, recovered };
  }

  /**
   * The claim: waiting → sending, only when due, stamped with the claim time (cut to milliseconds,
   * so the value read back matches the stored one in the outcome's UPDATE).
   */
  private async claim(where: string, params: unknown[]): Promise<OutgoingEmailEntity | null> {
    const [row] = returnedRows<OutgoingEmailEntity>(
      await this.dataSource.query(
        `UPDATE outgoing_emails
            SET status = 'sending', "claimedAt" = date_trunc('milliseconds', now()), attempts = attempts + 1, "updatedAt" = now()
          WHERE ${where} AND status = 'waiting' AND "sendAt" <= now()
      RETURNING *`,
        params,
      ),
    );
    return row ?? null;
  }

  /**
   * Sends a claimed message and records the outcome. What fails before the message is handed to
   * the server (the account, its attachments) fails it at once; a throw from the sending itself
   * (the database, after the server took the message) leaves it 'sending', for recoverStale to settle.
   */
  private async deliverClaimed(row: OutgoingEmailEntity): Promise<void> {
    let account: MailAccount | null;
    let outgoing: OutgoingEmail;
    try {
      account = await this.mailAccess.open(row.integrationId);
      if (!account) return void (await this.fail(row, OUTBOX_ERRORS.accountUnavailable));
      outgoing = await this.build(row);
    } catch (error) {
      return void (await this.fail(row, describe(error)));
    }
    const outcome = await this.sender.deliver(account, outgoing, { keepDraft: false });
    if (!outcome.sent) {
      const error = outcome.error ?? 'Sending failed';
      const retryIn = OUTBOX_RETRY_DELAYS_SECONDS[row.attempts - 1];
      if (retryIn !== undefined && neverReachedServer(outcome.failure)) await this.retryLater(row, error, retryIn);
      else await this.fail(row, error);
      return;
    }
    await this.markSent(row, outcome.email?.id ?? null);
    const { draftId } = row.message;
    if (draftId !== null) {
      await removeDraft(this.emails, account, row.userId, draftId).catch((error: unknown) =>
        this.logger.warn(`message ${row.id}: draft ${draftId} not removed (${describe(error)})`),
      );
    }
  }

  /** The message as EmailSender sends it: threading from the message answered, sanitised HTML, the attachments read now. */
  private async build(row: OutgoingEmailEntity): Promise<OutgoingEmail> {
    const message = row.message;
    const original =
      message.inReplyToEmailId === null
        ? null
        : await this.emails.findOne({ where: { id: message.inReplyToEmailId, userId: row.userId } });
    const attachments = await this.attachments.resolve(row.userId, message.attachments);
    const files: OutgoingAttachment[] = [];
    for (const file of attachments) {
      files.push({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.isBuffer(file.content) ? file.content : await readAll(file.content),
      });
    }
    return {
      userId: row.userId,
      to: message.to,
      cc: message.cc,
      bcc: message.bcc,
      subject: message.subject,
      text: plainAlternative(message.text, message.html),
      html: message.html.trim() === '' ? null : outgoingHtmlDocument(message.html),
      messageId: row.messageId,
      inReplyTo: original?.messageId ?? null,
      references: original ? threadReferences({ messageId: original.messageId, references: original.references }) : [],
      category: original?.category ?? null,
      attachments: files,
      metadata: { outgoingEmailId: row.id, ...(original && { inReplyToEmailId: original.id }) },
    };
  }

  private async markSent(row: OutgoingEmailEntity, sentEmailId: number | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE outgoing_emails SET status = 'sent', "sentEmailId" = $3, "sentAt" = now(), error = NULL, "claimedAt" = NULL, "updatedAt" = now()
        WHERE id = $1 AND status = 'sending' AND date_trunc('milliseconds', "claimedAt") = $2`,
      [row.id, row.claimedAt, sentEmailId],
    );
    this.logger.log(`message ${row.id} sent`);
  }

  /** Back to waiting, later, with the reason shown meanwhile; its job is queued for then. */
  private async retryLater(row: OutgoingEmailEntity, error: string, seconds: number): Promise<void> {
    const [waiting] = returnedRows<OutgoingEmailEntity>(
      await this.dataSource.query(
        `UPDATE outgoing_emails SET status = 'waiting', error = $3, "sendAt" = now() + make_interval(secs => $4), "claimedAt" = NULL, "updatedAt" = now()
          WHERE id = $1 AND status = 'sending' AND date_trunc('milliseconds', "claimedAt") = $2 RETURNING *`,
        [row.id, row.claimedAt, error, seconds],
      ),
    );
    this.logger.warn(`message ${row.id}: not sent (${error}); tried again in ${seconds} s`);
    if (waiting) await this.queue(waiting);
  }

  /** Failed, with the reason; kept for Retry, and the user is told. */
  private async fail(row: OutgoingEmailEntity, error: string): Promise<void> {
    const [failed] = returnedRows<{ id: number }>(
      await this.dataSource.query(
        `UPDATE outgoing_emails SET status = 'failed', error = $3, "claimedAt" = NULL, "updatedAt" = now()
          WHERE id = $1 AND status = 'sending' AND date_trunc('milliseconds', "claimedAt") = $2 RETURNING id`,
        [row.id, row.claimedAt, error.slice(0, 1000)],
      ),
    );
    if (failed) await this.notifyFailed(row, error);
  }

  /** A waiting message whose job was skipped (the email module is off for the user): failed with the reason. */
  private async failWaiting(id: number, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE outgoing_emails SET status = 'failed', error = $2, "updatedAt" = now() WHERE id = $1 AND status = 'waiting' AND "sendAt" <= now()`,
      [id, reason],
    );
  }

  private async notifyFailed(row: OutgoingEmailEntity, error: string): Promise<void> {
    this.logger.warn(`message ${row.id} not sent: ${error}`);
    await this.notifications
      .notify(row.userId, {
        kind: 'system',
        module: 'email',
        title: `Message not sent: ${row.message.subject.trim() || '(no subject)'}`,
        body: error,
        link: '/email?tab=scheduled',
        sourceKey: `email-outbox:${row.id}:${row.attempts}:failed`,
      })
      .catch((failure: unknown) => this.logger.warn(`message ${row.id}: failure not notified (${describe(failure)})`));
  }

  // ---- Sends that died ----

  /**
   * Messages 'sending' for longer than staleSendingMs: their send died mid-way. Each is looked for
   * by its Message-ID, first among the rows sending stores once the server took a message, then in
   * the account's Sent folder; found, it is sent; not found (or the folder cannot be read), it fails
   * with OUTBOX_ERRORS.interrupted. Never sent again here.
   */
  async recoverStale(staleMs = this.settings.staleSendingMs): Promise<number> {
    const stale = await this.dataSource.query<OutgoingEmailEntity[]>(
      `SELECT * FROM outgoing_emails WHERE status = 'sending' AND "claimedAt" <= now() - $1::int * interval '1 millisecond' ORDER BY id`,
      [staleMs],
    );
    for (const row of stale) {
      const [stored] = await this.dataSource.query<{ id: number }[]>(
        `SELECT id FROM emails WHERE "integrationId" = $1 AND "messageId" = $2 ORDER BY id LIMIT 1`,
        [row.integrationId, row.messageId],
      );
      const found = stored ? true : await this.inSentFolder(row);
      if (found) {
        this.logger.warn(`message ${row.id}: its send was interrupted, but it went out`);
        await this.markSent(row, stored?.id ?? null);
      } else {
        this.logger.warn(`message ${row.id}: its send was interrupted and it is not in Sent`);
        await this.fail(row, OUTBOX_ERRORS.interrupted);
      }
    }
    return stale.length;
  }

  private async inSentFolder(row: OutgoingEmailEntity): Promise<boolean> {
    try {
      const account = await this.mailAccess.open(row.integrationId);
      return account ? await findInSentFolder(account, row.messageId) : false;
    } catch (error) {
      this.logger.warn(`message ${row.id}: Sent folder not searched (${describe(error)})`);
      return false;
    }
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
