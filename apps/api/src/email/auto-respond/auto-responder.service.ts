import { type EmailAutoResponseKind, emailEndpoints, dashboardEndpoints } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ImapFlow } from 'imapflow';
import type { DataSource, EntityManager } from 'typeorm';
import { EventsService } from '../../events/events.service';
import { StreamService } from '../../stream/stream.service';
import { proposedTimes } from '../../suggestions/mail-dates/mail-dates';
import type { EmailEntity } from '../email.entity';
import { EMAIL_ARRIVED, EmailArrivedEvent } from '../events/email-arrived.event';
import { MailAccess, type MailAccount } from '../mail-access';
import { EmailSender, envelopeAddresses } from '../sending/email-sender.service';
import { composeReply, threadReferences } from '../sending/outgoing-message';
import { readHeaders, type ServerHeaders, withServerMailbox } from '../sending/server-copy';
import { autoResponseKind, autoResponseSignature, autoResponseText, reasonNotToAnswer } from './auto-response-rules';
import { availabilityText, LOOK_AHEAD_DAYS } from './free-time';

/** Mail older than this when the sync meets it is history, not something to acknowledge now. */
export const AUTO_RESPOND_MAX_AGE_MS = 3 * 24 * 60 * 60_000;
/** A flood (a mailing campaign of questions) gets at most this many automatic replies an hour per account. */
export const AUTO_RESPONSES_PER_HOUR = 30;
/** pg_advisory_xact_lock(class, integrationId): one account's claims are made one at a time. */
const CLAIM_LOCK = 0x6175_746f; // 'auto'

/**
 * The auto-responder: told of each EmailArrivedEvent, it looks at each batch of new INBOX messages
 * of an account whose autoRespond is on, and answers meeting requests and inquiries from people
 * (auto-response-rules.ts) with one short polite reply per thread, sent through the account like a
 * normal reply (EmailSender: stored as sent and filed in Sent) and marked 'Auto-Submitted:
 * auto-replied' (RFC 3834). The original is marked isAutoResponded with metadata.autoResponse
 * 'meeting' or 'inquiry', which the dashboard counts (emails.dashboard-provider.ts).
 *
 * Once per thread survives restarts and re-syncs: before sending, the thread's Message-IDs are
 * claimed in email_auto_responses under a per-account lock; a message whose Message-ID, In-Reply-To
 * or References meet a claimed thread is not answered, nor one in a thread the user already
 * answered. A reply that cannot be sent gives its claim back (no draft is kept for it).
 *
 * Not answered either: messages without a Message-ID (a reply could not be threaded, nor the
 * thread remembered), older than AUTO_RESPOND_MAX_AGE_MS or received before the account was
 * connected (the first sync of a mailbox is its history), and messages whose server copy could not
 * be read: the row does not keep Auto-Submitted, List-Id and the like, so without the headers
 * there is no telling a person's mail from a machine's.
 */
@Injectable()
export class AutoResponder {
  private readonly logger = new Logger('AutoResponder');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailAccess: MailAccess,
    private readonly sender: EmailSender,
    private readonly stream: StreamService,
    private readonly events: EventsService,
  ) {}

  /** A failure here is logged (@OnEvent) and does not fail the sync: the mail is stored either way. */
  @OnEvent(EMAIL_ARRIVED, { async: true, promisify: true })
  async arrived({ integration, emails }: EmailArrivedEvent): Promise<void> {
    // The switch as it is now, not as it was when the sync started.
    const [current] = await this.dataSource.query<Array<{ autoRespond: boolean; createdAt: Date }>>(
      `SELECT "autoRespond", "createdAt" FROM email_integrations WHERE id = $1`,
      [integration.id],
    );
    if (!current?.autoRespond) return;
    const oldest = Math.max(Date.now() - AUTO_RESPOND_MAX_AGE_MS, current.createdAt.getTime() - 60_000);
    const candidates = emails.filter(
      (email) =>
        email.integrationId === integration.id &&
        !email.isAutoResponded &&
        email.messageId &&
        email.metadata?.status !== 'sent' &&
        email.metadata?.status !== 'draft' &&
        email.receivedAt.getTime() >= oldest,
    );
    if (candidates.length === 0) return;

    const account = await this.mailAccess.open(integration.id);
    if (!account) return;
    let imap: ImapFlow;
    try {
      imap = await account.connectImap();
    } catch (error) {
      this.logger.warn(
        `Account ${integration.id}: IMAP unavailable, no automatic replies this time (${error instanceof Error ? error.message : String(error)})`,
      );
      return;
    }
    try {
      const headers = await this.serverHeaders(imap, candidates);
      for (const email of candidates) {
        // Without the headers there is no telling automatic or list mail from a person's: not answered.
        const copy = headers.get(email.id);
        if (copy) await this.consider(account, email, copy, imap);
      }
    } finally {
      await imap.logout().catch(() => imap.close());
    }
  }

  /**
   * A meeting reply's sentence on the person's free time (free-time.ts): their calendar, recurring
   * events expanded, against working hours in the profile timezone, and the times the message
   * proposes. Null (the reply without it) when the calendar cannot be read: never a guessed slot.
   */
  private async availability(email: EmailEntity): Promise<string | null> {
    try {
      const timezone = await this.events.profileTimezone(email.userId);
      const now = new Date();
      const occurrences = await this.events.occurrences(email.userId, {
        from: now,
        to: new Date(now.getTime() + (LOOK_AHEAD_DAYS + 1) * 24 * 3_600_000),
      });
      const busy = occurrences.map((event) => ({ start: new Date(event.startTime), end: new Date(event.endTime) }));
      const proposed = proposedTimes(email, { timezone }).map(({ start, end }) => ({ start, end }));
      return availabilityText({ busy, now, timezone, proposed });
    } catch (error) {
      this.logger.warn(
        `Free time of user ${email.userId} not read (${error instanceof Error ? error.message : String(error)})`,
      );
      return null;
    }
  }

  /** Signed by the person (profile name), else the account's display name, else its address. */
  private async signatureName(userId: number, account: MailAccount): Promise<string> {
    const [user] = await this.dataSource.query<Array<{ firstName: string | null; lastName: string | null }>>(
      `SELECT "firstName", "lastName" FROM users WHERE id = $1`,
      [userId],
    );
    return autoResponseSignature(user ?? null, account.integration);
  }

  private async consider(
    account: MailAccount,
    email: EmailEntity,
    headers: ServerHeaders,
    imap: ImapFlow,
  ): Promise<void> {
    const candidate = { ...email, headers: headers.values, calendarRequest: headers.calendarRequest };
    const reason = reasonNotToAnswer(candidate, account.integration.email);
    const kind = reason ? null : autoResponseKind(candidate);
    if (!kind) return;
    const to = headers.replyTo ?? email.from;
    if (envelopeAddresses([to]).length === 0) return;

    const thread = [
      ...new Set(
        [email.messageId!, ...(email.inReplyTo ? [email.inReplyTo] : []), ...email.references].filter(
          (id) => id.trim() !== '',
        ),
      ),
    ];
    const claim = await this.claim(account.integration.id, email, kind, thread);
    if (claim === null) return;

    const signature = await this.signatureName(email.userId, account);
    const composed = composeReply(
      {
        subject: email.subject,
        from: email.from,
        to: email.to,
        cc: email.cc,
        body: email.body,
        receivedAt: email.receivedAt,
        messageId: email.messageId,
        references: email.references,
      },
      autoResponseText(kind, email, signature, kind === 'meeting' ? await this.availability(email) : null),
    );
    const outcome = await this.sender.deliver(
      account,
      {
        userId: email.userId,
        to: [to],
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
        inReplyTo: email.messageId,
        references: threadReferences(email),
        category: email.category,
        headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
        metadata: { autoReply: kind, inReplyToEmailId: email.id },
      },
      { imap, keepDraft: false },
    );
    if (!outcome.sent) {
      await this.dataSource.query(`DELETE FROM email_auto_responses WHERE id = $1`, [claim]);
      return;
    }
    await this.dataSource.query(
      `UPDATE email_auto_responses SET "replyMessageId" = $2, "threadMessageIds" = array_append("threadMessageIds", $3) WHERE id = $1`,
      [claim, outcome.messageId, outcome.messageId],
    );
    await this.dataSource.query(
      `UPDATE emails SET "isAutoResponded" = true, metadata = metadata || jsonb_build_object('autoResponse', $3::text), "updatedAt" = now() WHERE id = $1 AND "userId" = $2`,
      [email.id, email.userId, kind],
    );
    await this.stream.publishQuietly([
      {
        userId: email.userId,
        event: {
          type: 'entity.changed',
          entity: { type: 'email', id: email.id },
          invalidate: [emailEndpoints.list.path, emailEndpoints.stats.path, dashboardEndpoints.get.path],
        },
      },
    ]);
  }

  /**
   * Claims the thread for one automatic reply; null when it is answered already (by an automatic
   * reply, or by the user), or the account's hourly allowance is spent. The claim id otherwise.
   */
  private async claim(
    integrationId: number,
    email: EmailEntity,
    kind: EmailAutoResponseKind,
    thread: string[],
  ): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [CLAIM_LOCK, integrationId]);
      const [answered] = await manager.query(
        `SELECT 1 FROM email_auto_responses WHERE "integrationId" = $1 AND "threadMessageIds" && $2::text[] LIMIT 1`,
        [integrationId, thread],
      );
      if (answered) {
        await this.readopt(manager, integrationId, email);
        return null;
      }
      const [byUser] = await manager.query(
        `SELECT 1 FROM emails WHERE "userId" = $1 AND "integrationId" = $2 AND "messageId" = ANY($3::text[]) AND metadata->>'status' = 'sent' LIMIT 1`,
        [email.userId, integrationId, thread],
      );
      if (byUser) return null;
      const [{ recent }] = await manager.query(
        `SELECT count(*)::int AS recent FROM email_auto_responses WHERE "integrationId" = $1 AND "createdAt" > now() - interval '1 hour'`,
        [integrationId],
      );
      if (recent >= AUTO_RESPONSES_PER_HOUR) {
        this.logger.warn(
          `Account ${integrationId}: ${recent} automatic replies in the last hour; email ${email.id} is not answered`,
        );
        return null;
      }
      const [{ id }] = await manager.query(
        `INSERT INTO email_auto_responses ("integrationId", "emailId", kind, "threadMessageIds") VALUES ($1, $2, $3, $4::text[]) RETURNING id`,
        [integrationId, email.id, kind, thread],
      );
      return id as number;
    });
  }

  /**
   * The very message answered before, stored again as a new row (a re-sync after UIDVALIDITY
   * changed; the old row is gone and the claim's emailId with it): the new row is marked as
   * answered, so the dashboard's count stays right. The thread's first id is the message answered.
   */
  private async readopt(manager: EntityManager, integrationId: number, email: EmailEntity): Promise<void> {
    const [claim] = await manager.query<Array<{ id: number; kind: EmailAutoResponseKind }>>(
      `SELECT id, kind FROM email_auto_responses WHERE "integrationId" = $1 AND "threadMessageIds"[1] = $2 AND "emailId" IS NULL LIMIT 1`,
      [integrationId, email.messageId],
    );
    if (!claim) return;
    await manager.query(`UPDATE email_auto_responses SET "emailId" = $2 WHERE id = $1`, [claim.id, email.id]);
    await manager.query(
      `UPDATE emails SET "isAutoResponded" = true, metadata = metadata || jsonb_build_object('autoResponse', $3::text), "updatedAt" = now() WHERE id = $1 AND "userId" = $2`,
      [email.id, email.userId, claim.kind],
    );
  }

  /** The server copies' headers of the candidates, by email id (none for rows without a readable copy). */
  private async serverHeaders(imap: ImapFlow, emails: EmailEntity[]): Promise<Map<number, ServerHeaders>> {
    const found = new Map<number, ServerHeaders>();
    const byMailbox = new Map<string, EmailEntity[]>();
    for (const email of emails) {
      if (email.mailbox === null || email.uidValidity === null || email.uid === null) continue;
      const key = `${email.mailbox}\u0000${email.uidValidity}`;
      byMailbox.set(key, [...(byMailbox.get(key) ?? []), email]);
    }
    for (const group of byMailbox.values()) {
      try {
        const headers = await withServerMailbox(imap, group[0], () =>
          readHeaders(
            imap,
            group.map((email) => Number(email.uid)),
          ),
        );
        for (const email of group) {
          const copy = headers?.get(Number(email.uid));
          if (copy) found.set(email.id, copy);
        }
      } catch (error) {
        this.logger.warn(
          `Headers of ${group.length} new message(s) not read (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
    return found;
  }
}
