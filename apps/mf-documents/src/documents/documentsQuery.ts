/** The screen's filters as the documents list's query, and the files' URLs. Pure: no React. */
import { endpointUrl } from '@aide/api-client';
import { type DocumentCategory, documentsEndpoints, type EndpointQuery } from '@aide/contracts';

/** The list's query string, as sent. */
export type DocumentListQuery = EndpointQuery<typeof documentsEndpoints.list>;

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
 * The filters as the list's query. A search looks in every folder (no folderId); otherwise the open folder's
 * documents only ('root' for Root). Unset filters are left out.
 */
export function normaliseFilters(filters: DocumentListFilters): DocumentListQuery {
  const query: DocumentListQuery = {};
  const q = searchText(filters.q);
  if (q) query.q = q;
  else query.folderId = filters.folderId === null ? 'root' : String(filters.folderId);
  if (filters.category) query.category = filters.category;
  if (filters.archived) query.archived = 'true';
  return query;
}

export const documentDownloadUrl = (id: number) => endpointUrl(documentsEndpoints.download, { id });
export const documentPreviewUrl = (id: number) => endpointUrl(documentsEndpoints.preview, { id });
