import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import {
  type ComposeAttachment,
  type ComposeUpload,
  DOCUMENT_MESSAGES,
  EMAIL_ATTACHMENTS_MAX_MB,
  EMAIL_DRAFT_MESSAGES,
} from '@aide/contracts';
import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOCUMENT_STORE, type DocumentStore } from '../../documents/storage/document-store';
import { MultipartUpload } from '../../documents/upload/multipart-upload';

/** A file ready for nodemailer: what the outbox attaches when it sends. */
export interface ResolvedAttachment {
  filename: string;
  contentType: string;
  content: Buffer | Readable;
}

/** What an attachment is, without its bytes: what a draft row lists. */
export interface AttachmentFacts {
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
}

const MB = 1024 * 1024;
const MAX_BYTES = EMAIL_ATTACHMENTS_MAX_MB * MB;

/**
 * The compose window's files: uploads streamed into the document store (as `<userId>/<uuid>`,
 * described by a row of email_compose_uploads), and documents from Documents. `resolve` turns a
 * message's references into files when it is sent (the outbox calls it) or saved as a draft;
 * each reference must be the user's (404 otherwise) and together they stay under
 * EMAIL_ATTACHMENTS_MAX_MB (400).
 */
@Injectable()
export class ComposeAttachmentsService {
  private readonly logger = new Logger('ComposeAttachments');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
  ) {}

  /** POST /api/emails/attachments: one `files` part, stored as it arrives (413 past the limit). */
  async upload(userId: number, request: { headers: IncomingHttpHeaders; body: Readable }): Promise<ComposeUpload> {
    const upload = new MultipartUpload({
      userId,
      store: this.store,
      maxFileBytes: MAX_BYTES,
      maxFileMb: EMAIL_ATTACHMENTS_MAX_MB,
    });
    try {
      await upload.run(request.headers, request.body);
      if (upload.files.length !== 1) throw new BadRequestException(DOCUMENT_MESSAGES.fileRequired);
      const [file] = upload.files;
      const uploadId = randomUUID();
      await this.dataSource.query(
        `INSERT INTO email_compose_uploads (id, "userId", filename, "contentType", size, "storageKey")
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [uploadId, userId, file.originalName, file.mimeType, file.size, file.storageKey],
      );
      return { uploadId, filename: file.originalName, size: file.size, contentType: file.mimeType };
    } catch (error) {
      await Promise.allSettled(upload.keys.map((key) => this.store.delete(key)));
      throw error;
    }
  }

  /** Name, type and size of each reference, checked to be the user's and under the total limit. */
  async describe(userId: number, attachments: ComposeAttachment[]): Promise<AttachmentFacts[]> {
    const facts: AttachmentFacts[] = [];
    for (const attachment of attachments) {
      if (attachment.kind === 'upload') {
        const [row] = await this.dataSource.query<AttachmentFacts[]>(
          `SELECT "storageKey", filename, "contentType", size::float8 AS size
             FROM email_compose_uploads WHERE id = $1 AND "userId" = $2`,
          [attachment.uploadId, userId],
        );
        if (!row) throw new NotFoundException(EMAIL_DRAFT_MESSAGES.uploadNotFound);
        facts.push(row);
      } else {
        const [row] = await this.dataSource.query<AttachmentFacts[]>(
          `SELECT "storageKey", "originalName" AS filename, "mimeType" AS "contentType", size::float8 AS size
             FROM documents WHERE id = $1 AND "userId" = $2`,
          [attachment.documentId, userId],
        );
        if (!row) throw new NotFoundException(EMAIL_DRAFT_MESSAGES.documentNotFound);
        facts.push(row);
      }
    }
    const total = facts.reduce((sum, fact) => sum + Number(fact.size), 0);
    if (total > MAX_BYTES)
      throw new BadRequestException(EMAIL_DRAFT_MESSAGES.attachmentsTooLarge(EMAIL_ATTACHMENTS_MAX_MB));
    return facts;
  }

  /**
   * The files themselves. Read whole (at most EMAIL_ATTACHMENTS_MAX_MB together): the message is
   * built once as raw MIME, both to send and to file its copy, and the sender counts their sizes.
   */
  async resolve(userId: number, attachments: ComposeAttachment[]): Promise<ResolvedAttachment[]> {
    if (attachments.length === 0) return [];
    const facts = await this.describe(userId, attachments);
    const files: ResolvedAttachment[] = [];
    for (const fact of facts) {
      let stream: Readable;
      try {
        stream = await this.store.get(fact.storageKey);
      } catch (error) {
        this.logger.warn(`Attachment ${fact.storageKey} is missing from the store: ${String(error)}`);
        throw new NotFoundException(EMAIL_DRAFT_MESSAGES.uploadNotFound);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      files.push({ filename: fact.filename, contentType: fact.contentType, content: Buffer.concat(chunks) });
    }
    return files;
  }
}
