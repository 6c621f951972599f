import type { Readable } from 'node:stream';
import {
  type Document,
  DOCUMENT_MESSAGES,
  type DocumentSummary,
  EXTRACTED_TEXT_MARKER,
  DOCUMENT_LIMITS,
  type KeepDocumentSuggestionPayload,
  type ListDocumentsQuery,
  type UpdateDocumentPayload,
} from '@aide/contracts';
import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { prefixTsQuery } from '../search/prefix-tsquery';
import { DocumentEntity } from './document.entity';
import { DOCUMENT_SUMMARY_COLUMNS, type DocumentSummaryRow, toDocument, toDocumentSummary } from './document.mapper';
import { DOCUMENT_STORE, type DocumentStore, DocumentStoreNotFoundError } from './storage/document-store';

const SUMMARY_SELECT = DOCUMENT_SUMMARY_COLUMNS.map((column) => `d."${column}"`).join(', ');
const SUMMARY_RETURNING = DOCUMENT_SUMMARY_COLUMNS.map((column) => `"${column}"`).join(', ');

/** A search answers the best this many documents (each with a highlighted passage). */
export const DOCUMENT_SEARCH_LIMIT = 100;

/** How much of a document's text a search highlights a passage of. */
const HEADLINE_TEXT_CHARS = 50_000;
const HEADLINE_OPTIONS = 'StartSel="", StopSel="", MaxWords=25, MinWords=10';

/**
 * SQL for the passage of a document that matches the tsquery `query`: from its extracted text
 * (without EXTRACTED_TEXT_MARKER), else its summary; null when only its name or tags matched.
 * `marker` is the placeholder of EXTRACTED_TEXT_MARKER. Plain text (no highlight markup).
 */
export function documentMatchSql(alias: string, query: string, marker: string): string {
  const text = `left(CASE WHEN starts_with(${alias}.content, ${marker}) THEN ltrim(substr(${alias}.content, length(${marker}) + 1)) ELSE ${alias}.content END, ${HEADLINE_TEXT_CHARS})`;
  return `CASE
    WHEN ${alias}.content IS NOT NULL AND to_tsvector('simple', ${text}) @@ ${query} THEN ts_headline('simple', ${text}, ${query}, '${HEADLINE_OPTIONS}')
    WHEN ${alias}.summary IS NOT NULL AND to_tsvector('simple', ${alias}.summary) @@ ${query} THEN ts_headline('simple', ${alias}.summary, ${query}, '${HEADLINE_OPTIONS}')
  END`;
}

/** A stored document's bytes, with what a download needs to describe them. */
export interface DocumentFile {
  originalName: string;
  mimeType: string;
  size: number;
  stream: Readable;
}

/** The documents of one user. Every method takes that user's id and touches no one else's rows. */
@Injectable()
export class DocumentsService {
  private readonly logger = new Logger('DocumentsService');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
  ) {}

  /**
   * Newest first, narrowed to a folder (null: Root; undefined: every folder), a category and
   * unarchived ones unless `archived`. With `q`: the best DOCUMENT_SEARCH_LIMIT matches of every
   * word as a prefix over name, tags, summary and text, each with the passage that matched.
   */
  async list(userId: number, query: ListDocumentsQuery): Promise<DocumentSummary[]> {
    const params: unknown[] = [userId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [`d."userId" = $1`];
    if (query.folderId === null) where.push(`d."folderId" IS NULL`);
    else if (query.folderId !== undefined) where.push(`d."folderId" = ${param(query.folderId)}`);
    if (query.category) where.push(`d.category = ${param(query.category)}`);
    if (!query.archived) where.push(`NOT d."isArchived"`);

    if (!query.q) {
      const rows = await this.dataSource.query<DocumentSummaryRow[]>(
        `SELECT ${SUMMARY_SELECT} FROM documents d WHERE ${where.join(' AND ')} ORDER BY d."uploadedAt" DESC, d.id DESC`,
        params,
      );
      return rows.map(toDocumentSummary);
    }
    const q = param(query.q);
    const marker = param(EXTRACTED_TEXT_MARKER);
    const rows = await this.dataSource.query<DocumentSummaryRow[]>(
      `WITH q AS (SELECT ${prefixTsQuery(q)} AS query),
            hits AS (
              SELECT ${SUMMARY_SELECT}, d.content, ts_rank(d."searchVector", q.query) AS rank
                FROM documents d, q
               WHERE ${where.join(' AND ')} AND d."searchVector" @@ q.query
               ORDER BY rank DESC, d."uploadedAt" DESC, d.id DESC
               LIMIT ${DOCUMENT_SEARCH_LIMIT})
       SELECT d.*, ${documentMatchSql('d', 'q.query', marker)} AS match
         FROM hits d, q
        ORDER BY d.rank DESC, d."uploadedAt" DESC, d.id DESC`,
      params,
    );
    return rows.map(toDocumentSummary);
  }

  /** The document with its extracted text; 404 if not the user's. */
  async get(userId: number, id: number): Promise<Document> {
    const [row] = await this.dataSource.query<
      (DocumentSummaryRow & Pick<DocumentEntity, 'content' | 'pages' | 'recognitionError'>)[]
    >(
      `SELECT ${SUMMARY_SELECT}, d.content, d.pages, d."recognitionError" FROM documents d WHERE d.id = $1 AND d."userId" = $2`,
      [id, userId],
    );
    if (!row) throw new NotFoundException(DOCUMENT_MESSAGES.documentNotFound);
    return toDocument(row);
  }

  /** Applies the fields present (null clears category and summary; tags null or [] clears them). 404 if not the user's. */
  async update(userId: number, id: number, changes: UpdateDocumentPayload): Promise<DocumentSummary> {
    const fields: Partial<Pick<DocumentEntity, 'originalName' | 'category' | 'tags' | 'summary'>> = {};
    if (changes.originalName !== undefined) fields.originalName = changes.originalName;
    if (changes.category !== undefined) fields.category = changes.category;
    if (changes.tags !== undefined) fields.tags = changes.tags;
    if (changes.summary !== undefined) fields.summary = changes.summary;
    return this.set(this.dataSource.manager, userId, id, fields);
  }

  /**
   * Issue 30: a suggested tag joins the person's tags (and leaves the suggestions), or the
   * suggested category becomes the document's category. One UPDATE, so two keeps at once both
   * land. Keeping what the document already has answers it unchanged; a suggestion that is no
   * longer offered (dismissed meanwhile) or a 21st tag is a 400; another user's document a 404.
   */
  async keepSuggestion(userId: number, id: number, keep: KeepDocumentSuggestionPayload): Promise<DocumentSummary> {
    let rows: DocumentSummaryRow[];
    if (keep.tag !== undefined) {
      [rows] = await this.dataSource.query<[DocumentSummaryRow[], number]>(
        `UPDATE documents
            SET tags = CASE WHEN $3 = ANY(tags) THEN tags ELSE array_append(tags, $3) END,
                "suggestedTags" = array_remove("suggestedTags", $3),
                "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2
            AND ($3 = ANY(tags) OR ($3 = ANY("suggestedTags") AND cardinality(tags) < $4))
        RETURNING ${SUMMARY_RETURNING}`,
        [id, userId, keep.tag, DOCUMENT_LIMITS.tagsMax],
      );
    } else {
      [rows] = await this.dataSource.query<[DocumentSummaryRow[], number]>(
        `UPDATE documents
            SET category = $3, "suggestedCategory" = NULL, "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2
            AND (category = $3 OR (category IS NULL AND "suggestedCategory" = $3))
        RETURNING ${SUMMARY_RETURNING}`,
        [id, userId, keep.category],
      );
    }
    if (rows[0]) return toDocumentSummary(rows[0]);
    // Nothing changed: say why.
    const [row] = await this.dataSource.query<Pick<DocumentEntity, 'tags' | 'suggestedTags'>[]>(
      `SELECT tags, "suggestedTags" FROM documents WHERE id = $1 AND "userId" = $2`,
      [id, userId],
    );
    if (!row) throw new NotFoundException(DOCUMENT_MESSAGES.documentNotFound);
    if (keep.tag !== undefined && row.suggestedTags.includes(keep.tag))
      throw new BadRequestException(DOCUMENT_MESSAGES.tooManyTags);
    throw new BadRequestException(DOCUMENT_MESSAGES.suggestionNotOffered);
  }

  /** Issue 30: the suggested tags and category are let go; the person's own stay. 404 if not the user's. */
  dismissSuggestions(userId: number, id: number): Promise<DocumentSummary> {
    return this.set(this.dataSource.manager, userId, id, { suggestedTags: [], suggestedCategory: null });
  }

  setArchived(userId: number, id: number, isArchived: boolean): Promise<DocumentSummary> {
    return this.set(this.dataSource.manager, userId, id, { isArchived });
  }

  /** Into one of the user's folders, or Root (null). 404 for a document or folder that is not the user's. */
  move(userId: number, id: number, folderId: number | null): Promise<DocumentSummary> {
    return this.dataSource.transaction(async (manager) => {
      const [document] = await manager.query(`SELECT id FROM documents WHERE id = $1 AND "userId" = $2 FOR UPDATE`, [
        id,
        userId,
      ]);
      if (!document) throw new NotFoundException(DOCUMENT_MESSAGES.documentNotFound);
      if (folderId !== null) {
        // FOR KEY SHARE: a folder being deleted (which locks it FOR UPDATE) is waited for, then not found.
        const folder = await manager.query(
          `SELECT id FROM document_folders WHERE id = $1 AND "userId" = $2 FOR KEY SHARE`,
          [folderId, userId],
        );
        if (folder.length === 0) throw new NotFoundException(DOCUMENT_MESSAGES.folderNotFound);
      }
      return this.set(manager, userId, id, { folderId });
    });
  }

  /** The row, then its file (a file that cannot be deleted is logged: the document is gone either way). */
  async remove(userId: number, id: number): Promise<void> {
    const [rows] = await this.dataSource.query<[{ storageKey: string }[], number]>(
      `DELETE FROM documents WHERE id = $1 AND "userId" = $2 RETURNING "storageKey"`,
      [id, userId],
    );
    if (rows.length === 0) throw new NotFoundException(DOCUMENT_MESSAGES.documentNotFound);
    try {
      await this.store.delete(rows[0].storageKey);
    } catch (error) {
      this.logger.error(`Document ${id} was deleted but its file ${rows[0].storageKey} was not: ${String(error)}`);
    }
  }

  /**
   * The stored bytes of the user's document, for download or (with `pdfOnly`) the inline preview:
   * 404 if not the user's or if its file is missing from the store, 415 when a preview is asked of a non-PDF.
   */
  async open(userId: number, id: number, { pdfOnly = false } = {}): Promise<DocumentFile> {
    const row = await this.dataSource.getRepository(DocumentEntity).findOne({
      where: { id, userId },
      select: { originalName: true, mimeType: true, size: true, storageKey: true },
    });
    if (!row) throw new NotFoundException(DOCUMENT_MESSAGES.documentNotFound);
    if (pdfOnly && row.mimeType !== 'application/pdf')
      throw new UnsupportedMediaTypeException(DOCUMENT_MESSAGES.previewPdfOnly);
    try {
      const stream = await this.store.get(row.storageKey);
      return { originalName: row.originalName, mimeType: row.mimeType, size: Number(row.size), stream };
    } catch (error) {
      if (error instanceof DocumentStoreNotFoundError) {
        this.logger.warn(`Document ${id}: its file ${row.storageKey} is missing from the ${this.store.kind} store`);
        throw new NotFoundException(DOCUMENT_MESSAGES.fileMissing);
      }
      throw error;
    }
  }

  private async set(
    manager: EntityManager,
    userId: number,
    id: number,
    fields: Partial<DocumentEntity>,
  ): Promise<DocumentSummary> {
    if (Object.keys(fields).length === 0) {
      const [row] = await manager.query<DocumentSummaryRow[]>(
        `SELECT ${SUMMARY_SELECT} FROM documents d WHERE d.id = $1 AND d."userId" = $2`,
        [id, userId],
      );
      if (!row) throw new NotFoundException(DOCUMENT_MESSAGES.documentNotFound);
      return toDocumentSummary(row);
    }
    const result = await manager
      .createQueryBuilder()
      .update(DocumentEntity)
      .set(fields)
      .where('id = :id AND "userId" = :userId', { id, userId })
      .returning([...DOCUMENT_SUMMARY_COLUMNS])
      .execute();
    const [row] = result.raw as DocumentSummaryRow[];
    if (!row) throw new NotFoundException(DOCUMENT_MESSAGES.documentNotFound);
    return toDocumentSummary(row);
  }
}
