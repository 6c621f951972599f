/** The screen's filters as GET /api/documents parameters and react-query keys. Pure: no React. */
import type { DocumentCategory } from '@aide/contracts';

/**
 * Every documents query's key starts with this path (lists, and one document as
 * ['/api/documents', id]), so the live stream's '/api/documents' invalidation refetches them all.
 */
export const DOCUMENTS_QUERY_KEY = ['/api/documents'] as const;
export const FOLDERS_QUERY_KEY = ['/api/document-folders'] as const;

/** listDocumentsQuerySchema's limit on q. */
const SEARCH_MAX = 200;

export interface DocumentListFilters {
  /** The open folder; null: Root. */
  folderId: number | null;
  /** Free text as typed; trimmed and cut to the API's limit here. */
  q?: string;
  category?: DocumentCategory | null;
  /** Show Archived: archived documents are listed too. */
  archived?: boolean;
}

/** The trimmed search text, '' when there is none. */
export const searchText = (q: string | undefined) => q?.trim().slice(0, SEARCH_MAX).trim() ?? '';

/**
 * The filters as sent. A search looks in every folder (no folderId); otherwise the open folder's
 * documents only ('root' for Root). Unset filters are left out.
 */
export function normaliseFilters(filters: DocumentListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  const q = searchText(filters.q);
  if (q) params.q = q;
  else params.folderId = filters.folderId === null ? 'root' : String(filters.folderId);
  if (filters.category) params.category = filters.category;
  if (filters.archived) params.archived = 'true';
  return params;
}

/** '/api/documents?folderId=root&category=Legal&archived=true' */
export function documentListUrl(filters: DocumentListFilters): string {
  return `${DOCUMENTS_QUERY_KEY[0]}?${new URLSearchParams(normaliseFilters(filters)).toString()}`;
}

/** ['/api/documents', {folderId, …}]: one cache entry per distinct request. */
export const documentListKey = (filters: DocumentListFilters) =>
  [...DOCUMENTS_QUERY_KEY, normaliseFilters(filters)] as const;

/** ['/api/documents', 7]: the default query function GETs '/api/documents/7'. */
export const documentKey = (id: number) => [...DOCUMENTS_QUERY_KEY, id] as const;

export const documentDownloadUrl = (id: number) => `/api/documents/${id}/download`;
export const documentPreviewUrl = (id: number) => `/api/documents/${id}/preview`;
