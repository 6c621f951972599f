import type { Document, DocumentFolder, DocumentSummary } from '@aide/contracts';
import type { DocumentEntity } from './document.entity';
import type { DocumentFolderEntity } from './document-folder.entity';

/** The columns a DocumentSummary is made of (no `content`, which can be megabytes, nor storage details). */
export const DOCUMENT_SUMMARY_COLUMNS = [
  'id',
  'originalName',
  'mimeType',
  'size',
  'category',
  'tags',
  'suggestedTags',
  'suggestedCategory',
  'summary',
  'folderId',
  'isArchived',
  'extractionStatus',
  'extractionError',
  'uploadedAt',
  'sourceEmailId',
] as const satisfies readonly (keyof DocumentEntity)[];

export type DocumentSummaryRow = Pick<DocumentEntity, (typeof DOCUMENT_SUMMARY_COLUMNS)[number]> & {
  match?: string | null;
};

/** The API's view of a document row: sizes as numbers (pg reads bigint as text), dates as ISO strings. */
export function toDocumentSummary(row: DocumentSummaryRow): DocumentSummary {
  return {
    id: row.id,
    originalName: row.originalName,
    mimeType: row.mimeType,
    size: Number(row.size),
    category: row.category,
    tags: row.tags ?? [],
    // A suggestion the person already has (typed in Edit Document) is no longer one; a category is
    // suggested only while they have none.
    suggestedTags: (row.suggestedTags ?? []).filter((tag) => !(row.tags ?? []).includes(tag)),
    suggestedCategory: row.category ? null : (row.suggestedCategory ?? null),
    summary: row.summary,
    folderId: row.folderId,
    isArchived: row.isArchived,
    extractionStatus: row.extractionStatus,
    extractionError: row.extractionError,
    uploadedAt: new Date(row.uploadedAt).toISOString(),
    sourceEmailId: row.sourceEmailId ?? null,
    match: row.match ?? null,
  };
}

/** GET /api/documents/:id: the summary and the extracted text. */
export function toDocument(
  row: DocumentSummaryRow & Pick<DocumentEntity, 'content' | 'pages' | 'recognitionError'>,
): Document {
  return {
    ...toDocumentSummary(row),
    content: row.content,
    pages: row.pages ?? [],
    recognitionError: row.recognitionError ?? null,
  };
}

export function toDocumentFolder(
  row: Pick<DocumentFolderEntity, 'id' | 'name' | 'color' | 'parentFolderId' | 'createdAt'> & {
    documentCount?: number;
  },
): DocumentFolder {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    parentFolderId: row.parentFolderId,
    documentCount: Number(row.documentCount ?? 0),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
