import { randomUUID } from 'node:crypto';
import {
  type ComposedMessage,
  type EmailAttachment,
  EMAIL_DRAFT_MESSAGES,
  EMAIL_MESSAGES,
  type SaveDraftPayload,
  type SavedDraft,
  composedMessageSchema,
} from '@aide/contracts';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImapFlow } from 'imapflow';
import addressparser from 'nodemailer/lib/addressparser';
import type { Repository } from 'typeorm';
import { EmailEntity } from '../email.entity';
import { composeMail } from '../mail-composer';
import { EmailIntegrationEntity } from '../email-integration.entity';
import { MailAccess } from '../mail-access';
import { syncedMailboxes } from '../sync/mailbox-roles';
import { ComposeAttachmentsService } from './compose-attachments.service';

/** Where a draft's server copy is. */
interface ServerPlace {
  mailbox: string | null;
  uidValidity: string | null;
  uid: string | null;
}

/** The message a draft row holds, in metadata.composed. */
const COMPOSED = 'composed';

const addressesOf = (header: string | null): string[] =>
  header
    ? addressparser(header, { flatten: true })
        .map((entry) => entry.address)
        .filter((address): address is string => !!address && address.includes('@'))
    : [];

/**
 * Drafts written in the New Message window: each save stores the message in its emails row
 * (metadata.status 'draft', the whole ComposedMessage in metadata.composed so reopening restores
 * recipients and attachments) and files it in the account's Drafts folder with \Draft, deleting the
 * previous server copy so the folder holds one. The server copy is best effort: an unreachable
 * server leaves the draft here, and the next save files it.
 */
@Injectable()
export class EmailDraftsService {
  private readonly logger = new Logger('EmailDrafts');

  constructor(
    @InjectRepository(EmailEntity) private readonly emails: Repository<EmailEntity>,
    @InjectRepository(EmailIntegrationEntity) private readonly integrations: Repository<EmailIntegrationEntity>,
    private readonly mailAccess: MailAccess,
    private readonly attachments: ComposeAttachmentsService,
  ) {}

  async save(userId: number, draftId: number | null, payload: SaveDraftPayload): Promise<SavedDraft> {
    const integration = await this.integrations.findOne({ where: { id: payload.integrationId, userId } });
    if (!integration) throw new NotFoundException(EMAIL_MESSAGES.integrationNotFound);
    const existing = draftId === null ? null : await this.draftRow(userId, draftId);
    const files = await this.attachments.resolve(userId, payload.attachments);
    const facts: EmailAttachment[] = files.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      size: (file.content as Buffer).length,
    }));

    const from = integration.displayName ? `${integration.displayName} <${integration.email}>` : integration.email;
    const messageId = `<${randomUUID()}@${integration.email.split('@').pop() || 'aide.local'}>`;
    const date = new Date();
    const fields = {
      userId,
      integrationId: integration.id,
      messageId,
      subject: payload.subject,
      from,
      to: payload.to.join(', '),
      cc: payload.cc.length > 0 ? payload.cc.join(', ') : null,
      body: payload.text,
      htmlBody: payload.html || null,
      receivedAt: date,
      attachments: facts,
      isRead: true,
      isArchived: false,
    };
    const message: ComposedMessage = { ...payload, draftId: null };
    let row: EmailEntity;
    const previous: ServerPlace | null = existing
      ? { mailbox: existing.mailbox, uidValidity: existing.uidValidity, uid: existing.uid }
      : null;
    if (existing) {
      Object.assign(existing, fields, {
        metadata: { ...existing.metadata, status: 'draft', [COMPOSED]: message },
        mailbox: null,
        uidValidity: null,
        uid: null,
      });
      row = await this.emails.save(existing);
    } else {
      row = await this.emails.save(
        this.emails.create({
          ...fields,
          mailbox: null,
          uidValidity: null,
          uid: null,
          inReplyTo: null,
          references: [],
          priority: 'regular',
          category: null,
          isAutoResponded: false,
          metadata: { status: 'draft', [COMPOSED]: message },
          pendingServerChanges: {},
        }),
      );
    }

    const raw = composeMail({
      from: { name: integration.displayName ?? '', address: integration.email },
      to: payload.to,
      cc: payload.cc,
      bcc: payload.bcc,
      subject: payload.subject,
      text: payload.text,
      ...(payload.html && { html: payload.html }),
      messageId,
      date,
      attachments: files.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: file.content,
      })),
    }).compile();
    // A draft keeps its Bcc, as every mail client's Drafts folder does (a sent message never shows it).
    raw.keepBcc = true;
    const source = await raw.build();
    await this.fileOnServer(row, source, date, previous);
    return {
      id: row.id,
      message: { ...message, draftId: row.id },
      files: facts.map((fact) => ({ filename: fact.filename ?? '', size: fact.size })),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The draft as a message to edit: the one written here, or one read from the server (another client's). */
  async get(userId: number, id: number): Promise<SavedDraft> {
    const row = await this.draftRow(userId, id);
    const stored = composedMessageSchema.safeParse(row.metadata[COMPOSED]);
    const message: ComposedMessage = stored.success
      ? stored.data
      : {
          integrationId: row.integrationId ?? 0,
          to: addressesOf(row.to),
          cc: addressesOf(row.cc),
          bcc: [],
          subject: row.subject,
          html: row.htmlBody ?? '',
          text: row.body,
          attachments: [],
          inReplyToEmailId: null,
          draftId: null,
        };
    // A file deleted since (its document removed) is left out, rather than the draft refused.
    const kept: ComposedMessage['attachments'] = [];
    const files: SavedDraft['files'] = [];
    for (const attachment of message.attachments) {
      const [fact] = await this.attachments.describe(userId, [attachment]).catch(() => []);
      if (!fact) continue;
      kept.push(attachment);
      files.push({ filename: fact.filename, size: Number(fact.size) });
    }
    return {
      id: row.id,
      message: { ...message, attachments: kept, draftId: row.id },
      files,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Discards the draft here and its copy on the server. */
  async remove(userId: number, id: number): Promise<void> {
    const row = await this.draftRow(userId, id);
    await this.emails.delete({ id: row.id, userId });
    if (row.integrationId !== null && row.uid !== null)
      await this.withImap(row.integrationId, (imap) => this.deleteCopy(imap, row));
  }

  private async draftRow(userId: number, id: number): Promise<EmailEntity> {
    const row = await this.emails.findOne({ where: { id, userId } });
    if (!row || row.metadata.status !== 'draft') throw new NotFoundException(EMAIL_DRAFT_MESSAGES.draftNotFound);
    return row;
  }

  /** APPENDs the draft to the Drafts folder (\Draft \Seen), records its UID and deletes the previous copy. */
  private async fileOnServer(row: EmailEntity, raw: Buffer, date: Date, previous: ServerPlace | null): Promise<void> {
    if (row.integrationId === null) return;
    await this.withImap(row.integrationId, async (imap) => {
      const drafts = syncedMailboxes(await imap.list()).find((mailbox) => mailbox.role === 'drafts');
      if (!drafts) {
        this.logger.warn(
          `Account ${row.integrationId}: ${EMAIL_DRAFT_MESSAGES.noDraftsMailbox}; the draft is kept here only`,
        );
        return;
      }
      const appended = await imap.append(drafts.path, raw, ['\\Draft', '\\Seen'], date);
      if (appended && appended.uid !== undefined && appended.uidValidity !== undefined) {
        const place = { mailbox: drafts.path, uidValidity: appended.uidValidity.toString(), uid: String(appended.uid) };
        await this.emails.update({ id: row.id }, place);
        Object.assign(row, place);
      }
      if (previous) await this.deleteCopy(imap, previous);
    });
  }

  /** Deletes a server copy, if the mailbox still has the UIDVALIDITY it was filed under. */
  private async deleteCopy(imap: ImapFlow, place: ServerPlace): Promise<void> {
    if (place.mailbox === null || place.uid === null) return;
    const lock = await imap.getMailboxLock(place.mailbox);
    try {
      if (imap.mailbox && imap.mailbox.uidValidity.toString() === place.uidValidity)
        await imap.messageDelete(place.uid, { uid: true });
    } finally {
      lock.release();
    }
  }

  /** Runs `work` signed in to the account; a server that cannot be reached is logged, the draft is kept here. */
  private async withImap(integrationId: number, work: (imap: ImapFlow) => Promise<void>): Promise<void> {
    let imap: ImapFlow | null = null;
    try {
      const account = await this.mailAccess.open(integrationId);
      if (!account) return;
      imap = await account.connectImap();
      await work(imap);
    } catch (error) {
      this.logger.warn(
        `Account ${integrationId}: the draft's server copy was not updated (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      if (imap) await imap.logout().catch(() => imap?.close());
    }
  }
}
