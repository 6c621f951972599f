import {
  DOCUMENT_MESSAGES,
  type DocumentSourceEmail,
  EMAIL_ATTACHMENT_MESSAGES,
  EMAIL_MESSAGES,
  sanitizeFileName,
} from '@aide/contracts';
import { BadGatewayException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DocumentEntity } from '../../documents/document.entity';
import { DocumentUploadsService } from '../../documents/upload/document-uploads.service';
import { EmailEntity } from '../email.entity';
import { MailAccess } from '../mail-access';
import { readListedAttachments, withServerMailbox } from '../sending/server-copy';

/** One attachment read from the mail server. */
export interface AttachmentFile {
  index: number;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Where a saved attachment goes: a Documents folder (null: the root) and tags. */
export interface DocumentTarget {
  folderId: number | null;
  tags: string[];
}

/**
 * Attachments into Documents: the sync keeps only their names, types and sizes, so the bytes are
 * read from the message's server copy (one IMAP session for all of a message's attachments) and
 * stored through the documents' upload pipeline, linked to the email (`sourceEmailId`).
 */
@Injectable()
export class AttachmentDocumentsService {
  private readonly logger = new Logger('AttachmentDocuments');

  constructor(
    @InjectRepository(EmailEntity) private readonly emails: Repository<EmailEntity>,
    @InjectRepository(DocumentEntity) private readonly documents: Repository<DocumentEntity>,
    private readonly mailAccess: MailAccess,
    private readonly uploads: DocumentUploadsService,
  ) {}

  /** The user's email, or 404. */
  async email(userId: number, emailId: number): Promise<EmailEntity> {
    const email = await this.emails.findOne({ where: { id: emailId, userId } });
    if (!email) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
    return email;
  }

  /** GET /api/documents/:id/source-email: 404 when the document is not the user's. */
  async sourceEmail(userId: number, documentId: number): Promise<DocumentSourceEmail> {
    const document = await this.documents.findOne({
      where: { id: documentId, userId },
      select: { id: true, sourceEmailId: true },
    });
    if (!document) throw new NotFoundException(DOCUMENT_MESSAGES.documentNotFound);
    if (document.sourceEmailId === null) return null;
    const email = await this.emails.findOne({
      where: { id: document.sourceEmailId, userId },
      select: { id: true, subject: true, from: true, receivedAt: true },
    });
    return email
      ? { id: email.id, subject: email.subject, from: email.from, receivedAt: email.receivedAt.toISOString() }
      : null;
  }

  /** GET /api/emails/:id/attachments/:index: one attachment's bytes. */
  async download(userId: number, emailId: number, index: number): Promise<AttachmentFile> {
    const email = await this.email(userId, emailId);
    const [file] = await this.read(email, [index]);
    return file!;
  }

  /** POST /api/emails/:id/attachments/:index/document (and accepting a 'document' suggestion). */
  async save(
    userId: number,
    emailId: number,
    index: number,
    target: DocumentTarget = { folderId: null, tags: [] },
  ): Promise<{ document: DocumentEntity; created: boolean }> {
    const email = await this.email(userId, emailId);
    const [file] = await this.read(email, [index]);
    return this.store(email, file!, target);
  }

  /** Stores an attachment already read; the same bytes saved from this email before answer that document. */
  store(email: EmailEntity, file: AttachmentFile, target: DocumentTarget) {
    return this.uploads.storeFile(
      email.userId,
      { filename: file.filename, content: file.content },
      { folderId: target.folderId, tags: target.tags, sourceEmailId: email.id },
    );
  }

  /**
   * The listed attachments at `indexes`, read in one IMAP session. 404 for an index the email does
   * not list, 409 when the account is gone or the message (or part) is no longer on the server,
   * 502 when the server cannot be reached.
   */
  async read(email: EmailEntity, indexes: number[]): Promise<AttachmentFile[]> {
    for (const index of indexes)
      if (index >= email.attachments.length) throw new NotFoundException(EMAIL_ATTACHMENT_MESSAGES.attachmentNotFound);
    if (email.integrationId === null) throw new ConflictException(EMAIL_ATTACHMENT_MESSAGES.noMailAccount);
    const account = await this.mailAccess.open(email.integrationId).catch((error: unknown) => {
      this.logger.warn(`Email ${email.id}: account not usable (${String(error)})`);
      throw new ConflictException(EMAIL_ATTACHMENT_MESSAGES.noMailAccount);
    });
    if (!account) throw new ConflictException(EMAIL_ATTACHMENT_MESSAGES.noMailAccount);
    const imap = await account.connectImap().catch((error: unknown) => {
      this.logger.warn(
        `Email ${email.id}: IMAP unavailable (${error instanceof Error ? error.message : String(error)})`,
      );
      throw new BadGatewayException(EMAIL_ATTACHMENT_MESSAGES.serverUnreachable);
    });
    try {
      const parts = await withServerMailbox(imap, email, (uid) => readListedAttachments(imap, uid)).catch(
        (error: unknown) => {
          this.logger.warn(`Email ${email.id}: attachments not read (${String(error)})`);
          throw new BadGatewayException(EMAIL_ATTACHMENT_MESSAGES.serverUnreachable);
        },
      );
      return indexes.map((index) => {
        const part = parts?.[index];
        if (!part) throw new ConflictException(EMAIL_ATTACHMENT_MESSAGES.attachmentGone);
        const listed = email.attachments[index]!;
        return {
          index,
          filename: sanitizeFileName(part.filename ?? listed.filename ?? `attachment-${index + 1}`),
          contentType: part.contentType || listed.contentType,
          content: part.content,
        };
      });
    } finally {
      await imap.logout().catch(() => imap.close());
    }
  }
}
