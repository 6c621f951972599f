import { randomUUID } from 'node:crypto';
import type { EmailAttachment, EmailCategory, EmailProvider } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImapFlow } from 'imapflow';
import type { Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Repository } from 'typeorm';
import type { EmailIntegrationEntity } from '../email-integration.entity';
import { resolveMailServers } from '../email-servers.util';
import { EmailEntity } from '../email.entity';
import { composeMail } from '../mail-composer';
import { errorChain } from '../../outbound/error-chain';
import type { MailAccount } from '../mail-access';
import { assignThreads } from '../threads/assign-threads';
import { describeDeliveryError } from './delivery-error';

/** Providers whose SMTP server files what it sends in the account's Sent mailbox itself: an APPEND would show it twice. */
/** The SMTP host the account sends through, as the user gave it (for messages). */
function smtpHostOf(integration: EmailIntegrationEntity): string | undefined {
  try {
    return resolveMailServers(integration).smtp.host;
  } catch {
    return undefined;
  }
}

const PROVIDERS_FILING_SENT_MAIL: ReadonlySet<EmailProvider> = new Set(['gmail']);
/** Where a Sent mailbox is found on servers that do not flag it \Sent (RFC 6154). */
const SENT_MAILBOX_NAMES = ['Sent', 'Sent Items', 'Sent Messages', 'Sent Mail', 'INBOX.Sent', 'INBOX/Sent'];

export interface OutgoingAttachment {
  filename: string | undefined;
  contentType: string;
  content: Buffer;
  cid?: string;
}

/** A message ready to go out through an account. */
export interface OutgoingEmail {
  userId: number;
  /** Recipients as header text ('Ann <ann@example.com>'); at least one address (here, in cc or in bcc). */
  to: string[];
  /** Copy and blind-copy recipients (the outbox's written messages); Bcc is left out of the headers. */
  cc?: string[];
  bcc?: string[];
  /** A Message-ID fixed beforehand (the outbox's, set when it was queued); else a new one. */
  messageId?: string;
  subject: string;
  text: string;
  html: string | null;
  inReplyTo: string | null;
  references: string[];
  /** The stored row's category (a reply takes its original's). */
  category: EmailCategory | null;
  attachments?: OutgoingAttachment[];
  /** Extra headers, e.g. Auto-Submitted for an automatic reply. */
  headers?: Record<string, string>;
  /** Stored in the row's metadata beside status. */
  metadata?: Record<string, unknown>;
  /** Meeting invitations (issue 26): an iMIP part (text/calendar with its METHOD), e.g. a REPLY. */
  icalEvent?: { method: string; content: string };
}

export interface DeliveryOutcome {
  sent: boolean;
  /** The stored row: status 'sent', or 'draft' when delivery failed (null when told not to keep drafts). */
  email: EmailEntity | null;
  messageId: string;
  /** Why delivery failed, readable. */
  error?: string;
  /** What the transport threw, when delivery failed (the outbox tells "never reached the server" apart). */
  failure?: unknown;
}

/** A new Message-ID on the account's domain: `<uuid@example.com>`. */
export function newMessageId(accountEmail: string): string {
  return `<${randomUUID()}@${accountEmail.split('@').pop() || 'aide.local'}>`;
}

/** Every address of header texts like 'Ann <ann@example.com>, team: bo@x.org;' (groups flattened). */
export function envelopeAddresses(headers: string[]): string[] {
  const addresses: string[] = [];
  const walk = (entries: ReturnType<typeof addressparser>) => {
    for (const entry of entries) {
      if ('group' in entry && entry.group) walk(entry.group);
      else if ('address' in entry && entry.address && entry.address.includes('@')) addresses.push(entry.address);
    }
  };
  for (const header of headers) walk(addressparser(header));
  return [...new Set(addresses.map((address) => address.trim()))];
}

/**
 * Sends a message through an account's SMTP server and keeps it: built once as raw MIME (so what
 * is sent, what is filed in the Sent mailbox and the stored Message-ID agree), delivered with the
 * account's MailAccess transport, stored as a 'sent' row, then appended to the account's Sent
 * mailbox over IMAP. When delivery fails for any reason (refused, signed out, unreachable) the
 * message is stored as a 'draft' row with the reason, unless the caller does not want drafts.
 *
 * The row is stored before the APPEND, without a UID; the APPEND's UID (UIDPLUS) is written to it
 * afterwards. The sync engine, meeting the message in the Sent mailbox, adopts a row with the same
 * (integrationId, messageId) and no UID, so the message is never listed twice.
 */
@Injectable()
export class EmailSender {
  private readonly logger = new Logger('EmailSender');

  constructor(@InjectRepository(EmailEntity) private readonly emails: Repository<EmailEntity>) {}

  /** `imap`: an open connection of the account to file the sent copy with (else one is opened). */
  async deliver(
    account: MailAccount,
    outgoing: OutgoingEmail,
    options: { imap?: ImapFlow | null; keepDraft?: boolean } = {},
  ): Promise<DeliveryOutcome> {
    const { integration } = account;
    const messageId = outgoing.messageId ?? newMessageId(integration.email);
    const date = new Date();
    const raw = await composeMail({
      from: { name: integration.displayName ?? '', address: integration.email },
      to: outgoing.to,
      ...(outgoing.cc?.length && { cc: outgoing.cc }),
      ...(outgoing.bcc?.length && { bcc: outgoing.bcc }),
      subject: outgoing.subject,
      text: outgoing.text,
      ...(outgoing.html !== null && { html: outgoing.html }),
      messageId,
      date,
      ...(outgoing.inReplyTo && { inReplyTo: outgoing.inReplyTo }),
      ...(outgoing.references.length > 0 && { references: outgoing.references }),
      headers: outgoing.headers,
      ...(outgoing.icalEvent && { icalEvent: outgoing.icalEvent }),
      attachments: outgoing.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        cid: a.cid,
      })),
    })
      .compile()
      .build();

    let error: string | undefined;
    let failed: unknown;
    let transport: Transporter | undefined;
    try {
      transport = await account.smtp();
      const recipients = [...outgoing.to, ...(outgoing.cc ?? []), ...(outgoing.bcc ?? [])];
      await transport.sendMail({ envelope: { from: integration.email, to: envelopeAddresses(recipients) }, raw });
    } catch (failure) {
      failed = failure;
      error = describeDeliveryError(failure, smtpHostOf(integration));
      this.logger.warn(`Account ${integration.id}: message not delivered (${error}): ${errorChain(failure)}`);
    } finally {
      transport?.close();
    }
    if (error !== undefined && options.keepDraft === false)
      return { sent: false, email: null, messageId, error, failure: failed };

    const from = integration.displayName ? `${integration.displayName} <${integration.email}>` : integration.email;
    const attachments: EmailAttachment[] = (outgoing.attachments ?? []).map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.content.length,
    }));
    const row = await this.emails.save(
      this.emails.create({
        userId: outgoing.userId,
        integrationId: integration.id,
        mailbox: null,
        uidValidity: null,
        uid: null,
        messageId,
        inReplyTo: outgoing.inReplyTo,
        references: outgoing.references,
        subject: outgoing.subject,
        from,
        to: outgoing.to.join(', '),
        cc: outgoing.cc?.length ? outgoing.cc.join(', ') : null,
        body: outgoing.text,
        htmlBody: outgoing.html,
        priority: 'regular',
        category: outgoing.category,
        isRead: true,
        isArchived: false,
        isAutoResponded: false,
        receivedAt: date,
        attachments,
        metadata: {
          ...outgoing.metadata,
          ...(error === undefined ? { status: 'sent' } : { status: 'draft', deliveryError: error }),
        },
        pendingServerChanges: {},
      }),
    );
    // Threads (issue 24): the sent message or draft joins the conversation it answers.
    row.threadId = (await assignThreads(this.emails.manager, row.userId, [row.id])).get(row.id) ?? null;
    if (error !== undefined) return { sent: false, email: row, messageId, error, failure: failed };

    if (!PROVIDERS_FILING_SENT_MAIL.has(integration.provider))
      await this.fileInSent(account, row, raw, date, options.imap ?? null);
    return { sent: true, email: row, messageId };
  }

  /** APPENDs the sent message to the Sent mailbox (seen) and records its UID; a failure is logged, the message went out anyway. */
  private async fileInSent(
    account: MailAccount,
    row: EmailEntity,
    raw: Buffer,
    date: Date,
    open: ImapFlow | null,
  ): Promise<void> {
    let imap = open;
    try {
      imap ??= await account.connectImap();
      // A mailbox still selected read-only (EXAMINE, from reading the original) has no permanent
      // flags, and imapflow would then drop \Seen from the APPEND.
      if (imap.mailbox) await imap.mailboxClose();
      const mailboxes = await imap.list();
      const sent =
        mailboxes.find((mailbox) => mailbox.specialUse === '\\Sent') ??
        SENT_MAILBOX_NAMES.map((name) =>
          mailboxes.find((mailbox) => mailbox.path.toLowerCase() === name.toLowerCase()),
        ).find(Boolean);
      if (!sent) {
        this.logger.warn(`Account ${account.integration.id}: no Sent mailbox; the sent message is kept here only`);
        return;
      }
      const appended = await imap.append(sent.path, raw, ['\\Seen'], date);
      if (appended && appended.uid !== undefined && appended.uidValidity !== undefined) {
        // Only while no sync has adopted the row yet (it would have set the same place).
        await this.emails
          .createQueryBuilder()
          .update(EmailEntity)
          .set({ mailbox: sent.path, uidValidity: appended.uidValidity.toString(), uid: String(appended.uid) })
          .where('id = :id AND uid IS NULL', { id: row.id })
          .execute();
        Object.assign(row, {
          mailbox: sent.path,
          uidValidity: appended.uidValidity.toString(),
          uid: String(appended.uid),
        });
      }
    } catch (failure) {
      this.logger.warn(
        `Account ${account.integration.id}: the sent message was not filed in Sent (${failure instanceof Error ? failure.message : String(failure)})`,
      );
    } finally {
      if (imap && imap !== open) await imap.logout().catch(() => imap?.close());
    }
  }
}
