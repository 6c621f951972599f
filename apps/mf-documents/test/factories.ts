/** Small factories for the screen's data (STYLE: fixtures by factory, not copied JSON). */
import type { Document, DocumentFolder, DocumentSummary } from '@aide/contracts';

let nextId = 100;

export function aFolder(fields: Partial<DocumentFolder> = {}): DocumentFolder {
  nextId += 1;
  return {
    id: nextId,
    name: `Folder ${nextId}`,
    color: 'blue',
    parentFolderId: null,
    documentCount: 0,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...fields,
  };
}

export function aDocument(fields: Partial<Document> = {}): Document {
  nextId += 1;
  return {
    id: nextId,
    originalName: `report-${nextId}.pdf`,
    mimeType: 'application/pdf',
    size: 48_128,
    category: null,
    tags: [],
    suggestedTags: [],
    suggestedCategory: null,
    summary: null,
    folderId: null,
    isArchived: false,
    extractionStatus: 'done',
    extractionError: null,
    uploadedAt: '2026-03-03T14:05:00.000Z',
    match: null,
    content: null,
    pages: [],
    recognitionError: null,
    ...fields,
  };
}

/** The list's shape: everything but `content`. */
export function summaryOf(doc: Document): DocumentSummary {
  const { content: _content, ...summary } = doc;
  return summary;
}
