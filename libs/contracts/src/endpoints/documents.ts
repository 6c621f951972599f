import { z } from 'zod';
import {
  createFolderSchema,
  documentFolderSchema,
  documentSchema,
  documentSummarySchema,
  keepDocumentSuggestionSchema,
  listDocumentsQuerySchema,
  moveDocumentSchema,
  updateDocumentSchema,
  updateFolderSchema,
  uploadDocumentsResultSchema,
} from '../documents';
import { endpoint } from '../endpoint';

/** A document or folder change refetches both lists: folders show their documents' count. */
const DOCUMENT_CHANGES = ['/api/documents', '/api/document-folders'] as const;
const documentChange = { invalidates: DOCUMENT_CHANGES, entity: 'document' } as const;
const folderChange = { invalidates: DOCUMENT_CHANGES, entity: 'document-folder' } as const;

export const documentsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/documents',
    query: listDocumentsQuerySchema,
    response: z.array(documentSummarySchema),
    summary: 'Documents (no content), newest first, or best match first with q',
  }),
  /** multipart/form-data (`files` parts and an optional `folderId`): no JSON body schema. */
  upload: endpoint({
    method: 'POST',
    path: '/api/documents',
    response: uploadDocumentsResultSchema,
    summary: 'Upload documents',
    ...documentChange,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/documents/:id',
    response: documentSchema,
    summary: 'The document and its extracted text (content)',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/documents/:id',
    body: updateDocumentSchema,
    response: documentSummarySchema,
    ...documentChange,
  }),
  keepSuggestion: endpoint({
    method: 'PATCH',
    path: '/api/documents/:id/keep-suggestion',
    body: keepDocumentSuggestionSchema,
    response: documentSummarySchema,
    summary: "A suggested tag or the suggested category becomes one of the document's own",
    ...documentChange,
  }),
  dismissSuggestions: endpoint({
    method: 'PATCH',
    path: '/api/documents/:id/dismiss-suggestions',
    response: documentSummarySchema,
    summary: 'The suggested tags and category are dismissed',
    ...documentChange,
  }),
  archive: endpoint({
    method: 'PATCH',
    path: '/api/documents/:id/archive',
    response: documentSummarySchema,
    summary: 'Archived',
    ...documentChange,
  }),
  unarchive: endpoint({
    method: 'PATCH',
    path: '/api/documents/:id/unarchive',
    response: documentSummarySchema,
    summary: 'No longer archived',
    ...documentChange,
  }),
  move: endpoint({
    method: 'PATCH',
    path: '/api/documents/:id/move',
    body: moveDocumentSchema,
    response: documentSummarySchema,
    summary: 'Moved to another folder (folderId null: Root)',
    ...documentChange,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/documents/:id',
    response: null,
    status: 204,
    summary: 'Deleted, with its stored file',
    ...documentChange,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/documents/:id/download',
    response: null,
    summary: 'The file as uploaded: its detected type, Content-Disposition attachment with its name',
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/documents/:id/preview',
    response: null,
    summary: 'A PDF, inline, for the preview dialog',
  }),
  folders: endpoint({
    method: 'GET',
    path: '/api/document-folders',
    response: z.array(documentFolderSchema),
    summary: "Every folder of the user's tree (parentFolderId null: at Root) by name, with its documents' count",
  }),
  createFolder: endpoint({
    method: 'POST',
    path: '/api/document-folders',
    body: createFolderSchema,
    response: documentFolderSchema,
    ...folderChange,
  }),
  updateFolder: endpoint({
    method: 'PATCH',
    path: '/api/document-folders/:id',
    body: updateFolderSchema,
    response: documentFolderSchema,
    summary: 'Rename, recolour or move a folder',
    ...folderChange,
  }),
  removeFolder: endpoint({
    method: 'DELETE',
    path: '/api/document-folders/:id',
    response: null,
    status: 204,
    summary: 'Delete a folder, keeping its contents',
    ...folderChange,
  }),
};
