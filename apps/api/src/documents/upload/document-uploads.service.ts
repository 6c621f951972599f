import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  toApiErrorBody,
  type UploadDocumentsResult,
  uploadDocumentsFieldsSchema,
} from '@aide/contracts';
import { BadRequestException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Env } from '../../config/env.schema';
import { DocumentEntity } from '../document.entity';
import { toDocumentSummary } from '../document.mapper';
import { DocumentExtractionService } from '../extraction/document-extraction.service';
import { DOCUMENT_STORE, type DocumentStore } from '../storage/document-store';
import { MultipartUpload, type StoredUpload, storeDocumentFile } from './multipart-upload';

/** Key space of the per-user upload lock (two-int advisory lock: this, the user id). */
const UPLOAD_LOCK_SPACE = 0x646f6373; // 'docs'

const MB = 1024 * 1024;

/**
 * POST /api/documents: files streamed into the document store, then their rows written in one
 * transaction. All or nothing: on any failure every stored file of the request is deleted and no
 * row is written. The Free plan's document limit (DECISIONS §Plans) is checked as files arrive
 * (to refuse early) and again under a per-user lock when the rows are written (so parallel
 * uploads cannot pass it together). It counts the person's own documents, archived ones included;
 * website backups are the website module's storage, with their own retention, and do not count
 * (issue 30: website-backup.service.ts).
 */
@Injectable()
export class DocumentUploadsService {
  private readonly logger = new Logger('DocumentUploads');
  private readonly maxFileMb: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
    private readonly extraction: DocumentExtractionService,
    config: ConfigService<Env, true>,
  ) {
    this.maxFileMb = config.get('DOCUMENT_MAX_FILE_SIZE_MB', { infer: true });
  }

  async upload(
    userId: number,
    request: { headers: IncomingHttpHeaders; body: Readable },
  ): Promise<UploadDocumentsResult> {
    // Read once, lazily: a request without files needs no query.
    let quota: Promise<{ plan: string; count: number }> | undefined;
    const upload = new MultipartUpload({
      userId,
      store: this.store,
      maxFileBytes: Math.floor(this.maxFileMb * MB),
      maxFileMb: this.maxFileMb,
      beforeFile: async (fileNumber) => {
        quota ??= this.quotaOf(this.dataSource.manager, userId);
        const { plan, count } = await quota;
        if (plan === 'free' && count + fileNumber > DOCUMENT_LIMITS.freePlanDocuments)
          throw new ForbiddenException(DOCUMENT_MESSAGES.freePlanLimit);
      },
    });

    let documents: DocumentEntity[];
    try {
      await upload.run(request.headers, request.body);
      if (upload.files.length === 0) throw new BadRequestException(DOCUMENT_MESSAGES.fileRequired);
      const fields = uploadDocumentsFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw new BadRequestException(toApiErrorBody(fields.error));
      documents = await this.save(userId, fields.data.folderId ?? null, upload.files);
    } catch (error) {
      await this.discard(upload.keys);
      throw error;
    }

    for (const document of documents) {
      await this.extraction.queue(userId, document.id).catch((error: unknown) => {
        this.logger.warn(
          `Document ${document.id}: extraction could not be queued (${error instanceof Error ? error.message : String(error)})`,
        );
      });
    }
    return { documents: documents.map(toDocumentSummary) };
  }

  /**
   * One file from elsewhere (an email attachment saved to Documents) through the same pipeline as
   * an upload: typed from its content, the size limit (413), programs refused (415), the Free
   * plan's limit (403), the folder checked (404), extraction queued. With `sourceEmailId`, the
   * same bytes already saved from that email are not stored again: that document is the answer
   * (`created: false`), checked under the upload lock so that two saves at once make one.
   */
  async storeFile(
    userId: number,
    file: { filename: string; content: Buffer },
    options: { folderId: number | null; tags?: string[]; sourceEmailId?: number | null },
  ): Promise<{ document: DocumentEntity; created: boolean }> {
    const keys: string[] = [];
    let result: { document: DocumentEntity; created: boolean };
    try {
      const stored = await storeDocumentFile(
        Readable.from([file.content]),
        file.filename,
        { userId, store: this.store, maxFileBytes: Math.floor(this.maxFileMb * MB), maxFileMb: this.maxFileMb },
        keys,
      );
      const [document] = await this.save(userId, options.folderId, [stored], {
        tags: options.tags ?? [],
        sourceEmailId: options.sourceEmailId ?? null,
      });
      result = { document: document!, created: document!.storageKey === stored.storageKey };
    } catch (error) {
      await this.discard(keys);
      throw error;
    }
    if (!result.created) {
      await this.discard(keys);
      return result;
    }
    await this.extraction.queue(userId, result.document.id).catch((error: unknown) => {
      this.logger.warn(
        `Document ${result.document.id}: extraction could not be queued (${error instanceof Error ? error.message : String(error)})`,
      );
    });
    return result;
  }

  /** A document already saved from this email with the same bytes and name. */
  private sameFromEmail(
    manager: EntityManager,
    userId: number,
    sourceEmailId: number,
    file: StoredUpload,
  ): Promise<DocumentEntity | null> {
    return manager.findOne(DocumentEntity, {
      where: { userId, sourceEmailId, sha256: file.sha256, originalName: file.originalName },
      order: { id: 'ASC' },
    });
  }

  private async quotaOf(manager: EntityManager, userId: number): Promise<{ plan: string; count: number }> {
    const [row] = await manager.query<{ plan: string; count: number }[]>(
      `SELECT u.plan, (SELECT count(*) FROM documents d WHERE d."userId" = u.id AND NOT d."isWebsiteBackup")::int AS count
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    return row ?? { plan: 'free', count: Number.MAX_SAFE_INTEGER };
  }

  /**
   * The rows, in upload order, in one transaction holding the user's upload lock. A single file
   * from an email whose bytes were saved from it before answers that document instead.
   */
  private save(
    userId: number,
    folderId: number | null,
    files: StoredUpload[],
    origin: { tags: string[]; sourceEmailId: number | null } = { tags: [], sourceEmailId: null },
  ): Promise<DocumentEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [UPLOAD_LOCK_SPACE, userId]);
      if (origin.sourceEmailId !== null && files.length === 1) {
        const existing = await this.sameFromEmail(manager, userId, origin.sourceEmailId, files[0]!);
        if (existing) return [existing];
      }
      if (folderId !== null) {
        // FOR KEY SHARE: the folder cannot be deleted until these rows are in.
        const folder = await manager.query(
          `SELECT id FROM document_folders WHERE id = $1 AND "userId" = $2 FOR KEY SHARE`,
          [folderId, userId],
        );
        if (folder.length === 0) throw new NotFoundException(DOCUMENT_MESSAGES.folderNotFound);
      }
      const { plan, count } = await this.quotaOf(manager, userId);
      if (plan === 'free' && count + files.length > DOCUMENT_LIMITS.freePlanDocuments)
        throw new ForbiddenException(DOCUMENT_MESSAGES.freePlanLimit);
      const rows = files.map((file) =>
        manager.create(DocumentEntity, {
          userId,
          folderId,
          originalName: file.originalName,
          mimeType: file.mimeType,
          size: String(file.size),
          storageKey: file.storageKey,
          sha256: file.sha256,
          category: null,
          tags: origin.tags,
          sourceEmailId: origin.sourceEmailId,
          summary: null,
          content: null,
          extractionStatus: 'pending',
          extractionError: null,
          isArchived: false,
        }),
      );
      return manager.save(DocumentEntity, rows);
    });
  }

  /** Deletes what a failed upload stored; a file that cannot be deleted is logged, never the answer. */
  private async discard(keys: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.store.delete(key)));
    results.forEach((result, i) => {
      if (result.status === 'rejected')
        this.logger.error(`Upload failed and its file ${keys[i]} could not be deleted: ${String(result.reason)}`);
    });
  }
}
