import {
  EMAIL_MESSAGES,
  type ForwardEmailPayload,
  type ReplyEmailPayload,
  type SendEmailResult,
} from '@aide/contracts';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImapFlow } from 'imapflow';
import type { Repository } from 'typeorm';
import { EmailEntity } from '../email.entity';
import { EmailIntegrationEntity } from '../email-integration.entity';
import { toEmail } from '../email.mapper';
import { MailAccess, type MailAccount } from '../mail-access';
import { senderAddress } from '../triage/triage-rules';
import { type DeliveryOutcome, EmailSender, envelopeAddresses, type OutgoingAttachment } from './email-sender.service';
import { composeForward, composeReply, type OriginalMessage, threadReferences } from './outgoing-message';
import { readAttachments, readHeaders, withServerMailbox } from './server-copy';

/** Attachments of a forward above this total stay behind (most SMTP servers refuse 25 MB and more). */
export const FORWARD_ATTACHMENTS_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Reply and forward (POST /api/emails/reply and /forward) for the signed-in user: the original is
 * one of their emails, the message goes out through the account it came from (EmailSender), and
 * the answer says whether it was sent or kept as a draft.
 */
@Injectable()
export class EmailSendingService {
  private readonly logger = new Logger('EmailSendingService');

  constructor(
    @InjectRepository(EmailEntity) private readonly emails: Repository<EmailEntity>,
    @InjectRepository(EmailIntegrationEntity) private readonly integrations: Repository<EmailIntegrationEntity>,
    private readonly mailAccess: MailAccess,
    private readonly sender: EmailSender,
  ) {}

  /**
   * To the original's sender, or its Reply-To (read from the server copy), or, answering one of
   * the user's own sent messages, to its recipients again. 'Re: ' once, In-Reply-To and
   * References for threading, the original quoted below the content.
   */
  async reply(userId: number, { emailId, content }: ReplyEmailPayload): Promise<SendEmailResult> {
    const original = await this.original(userId, emailId);
    const account = await this.account(original);
    return this.withImap(account, async (imap) => {
      const replyTo = imap ? await this.serverReplyTo(imap, original) : null;
      const ownMessage =
        original.metadata?.status === 'sent' ||
        senderAddress(original.from) === account.integration.email.toLowerCase();
      const to = replyTo ?? (ownMessage ? original.to : original.from);
      if (envelopeAddresses([to]).length === 0) throw new BadRequestException(EMAIL_MESSAGES.noReplyAddress);
      const composed = composeReply(asOriginal(original), content);
      const outcome = await this.sender.deliver(
        account,
        {
          userId,
          to: [to],
          subject: composed.subject,
          text: composed.text,
          html: composed.html,
          inReplyTo: original.messageId,
          references: threadReferences(original),
          category: original.category,
          metadata: { inReplyToEmailId: original.id },
        },
        { imap },
      );
      return result(outcome, EMAIL_MESSAGES.replySent);
    });
  }

  /**
   * To the given address, 'Fwd: ' once, the original below a forwarded-message header block. Its
   * attachments are fetched from the server copy and attached; when they cannot be (no server
   * copy, gone, too large, server unreachable) the message says which were not included.
   */
  async forward(userId: number, { emailId, to, content }: ForwardEmailPayload): Promise<SendEmailResult> {
    const original = await this.original(userId, emailId);
    const account = await this.account(original);
    return this.withImap(account, async (imap) => {
      const attachments = original.attachments.length > 0 && imap ? await this.serverAttachments(imap, original) : null;
      const missing =
        original.attachments.length > 0 && !attachments
          ? original.attachments.map((a, i) => a.filename ?? `attachment ${i + 1}`)
          : [];
      const notes = missing.length > 0 ? [`[Attachments of the original not included: ${missing.join(', ')}]`] : [];
      const composed = composeForward(asOriginal(original), content, notes);
      const outcome = await this.sender.deliver(
        account,
        {
          userId,
          to: [to],
          subject: composed.subject,
          text: composed.text,
          html: composed.html,
          // A forward starts a new conversation with someone else; it is not threaded under the original.
          inReplyTo: null,
          references: [],
          category: original.category,
          attachments: attachments ?? undefined,
          metadata: { forwardedEmailId: original.id, ...(missing.length > 0 && { attachmentsNotIncluded: missing }) },
        },
        { imap },
      );
      return result(outcome, EMAIL_MESSAGES.forwardSent);
    });
  }

  private async original(userId: number, id: number): Promise<EmailEntity> {
    const row = await this.emails.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
    return row;
  }

  /**
   * The account the original belongs to. One that cannot be used (its servers not set, its
   * credentials unreadable) still yields an account whose connections fail with the reason, so
   * the message is kept as a draft saying why rather than lost in a 500.
   */
  private async account(original: EmailEntity): Promise<MailAccount> {
    if (original.integrationId === null) throw new BadRequestException(EMAIL_MESSAGES.noSendingAccount);
    try {
      const account = await this.mailAccess.open(original.integrationId);
      if (account) return account;
    } catch (error) {
      const integration = await this.integrations.findOne({ where: { id: original.integrationId } });
      if (integration) {
        const unusable = () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
        return { integration, connectImap: unusable, smtp: unusable };
      }
    }
    throw new BadRequestException(EMAIL_MESSAGES.noSendingAccount);
  }

  /**
   * One IMAP session for the whole send: reading the original's server copy and filing the sent
   * copy. Without one (server unreachable, sign-in refused) the message is still sent or kept as a
   * draft; only what needed the server copy is left out.
   */
  private async withImap<T>(account: MailAccount, run: (imap: ImapFlow | null) => Promise<T>): Promise<T> {
    let imap: ImapFlow | null = null;
    try {
      imap = await account.connectImap();
    } catch (error) {
      this.logger.warn(
        `Account ${account.integration.id}: IMAP unavailable while sending (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    try {
      return await run(imap);
    } finally {
      if (imap) await imap.logout().catch(() => imap?.close());
    }
  }

  private async serverReplyTo(imap: ImapFlow, original: EmailEntity): Promise<string | null> {
    try {
      const headers = await withServerMailbox(imap, original, (uid) => readHeaders(imap, [uid]));
      const replyTo = headers?.values().next().value?.replyTo ?? null;
      return replyTo && envelopeAddresses([replyTo]).length > 0 ? replyTo : null;
    } catch (error) {
      this.logger.warn(
        `Email ${original.id}: Reply-To not read (${error instanceof Error ? error.message : String(error)})`,
      );
      return null;
    }
  }

  private async serverAttachments(imap: ImapFlow, original: EmailEntity): Promise<OutgoingAttachment[] | null> {
    try {
      const attachments = await withServerMailbox(imap, original, (uid) => readAttachments(imap, uid));
      if (!attachments || attachments.length === 0) return null;
      if (attachments.reduce((total, a) => total + a.content.length, 0) > FORWARD_ATTACHMENTS_MAX_BYTES) return null;
      return attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        ...(a.cid && { cid: a.cid }),
      }));
    } catch (error) {
      this.logger.warn(
        `Email ${original.id}: attachments not read (${error instanceof Error ? error.message : String(error)})`,
      );
      return null;
    }
  }
}

function asOriginal(row: EmailEntity): OriginalMessage {
  return {
    subject: row.subject,
    from: row.from,
    to: row.to,
    cc: row.cc,
    body: row.body,
    receivedAt: row.receivedAt,
    messageId: row.messageId,
    references: row.references ?? [],
  };
}

function result(outcome: DeliveryOutcome, sentMessage: string): SendEmailResult {
  // keepDraft is on for the user's own replies and forwards, so a row is always stored.
  return {
    emailSent: outcome.sent,
    message: outcome.sent ? sentMessage : EMAIL_MESSAGES.deliveryFailedDraft,
    email: toEmail(outcome.email!),
  };
}
