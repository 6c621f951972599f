/** Data access for the documents screen (spec §7); components use these hooks and never call fetch. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadWithProgress, type UploadProgress } from '@aide/api-client';
import type {
  CreateFolderPayload,
  Document,
  DocumentFolder,
  DocumentSummary,
  MoveDocumentPayload,
  UpdateDocumentInput,
  UpdateFolderPayload,
  UploadDocumentsResult,
} from '@aide/contracts';
import {
  DOCUMENTS_QUERY_KEY,
  FOLDERS_QUERY_KEY,
  documentKey,
  documentListKey,
  documentListUrl,
  type DocumentListFilters,
} from './documentsQuery';

/** The open folder's documents, or a search's across every folder. The last list stays while the next loads. */
export function useDocumentList(filters: DocumentListFilters) {
  return useQuery<DocumentSummary[]>({
    queryKey: documentListKey(filters),
    queryFn: ({ signal }) => api.get<DocumentSummary[]>(documentListUrl(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One document with its extracted text (GET /api/documents/:id); the view dialog reads it. */
export function useDocument(id: number | null) {
  return useQuery<Document>({ queryKey: documentKey(id ?? 0), enabled: id !== null });
}

/** Every folder, flat, with parentFolderId and documentCount (GET /api/document-folders). */
export function useFolders() {
  return useQuery<DocumentFolder[]>({ queryKey: FOLDERS_QUERY_KEY });
}

/** Spec §7: after a change the lists are refetched; folders too, since their counts change. */
export function useRefetchDocuments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY }),
    ]);
}

function useDocumentMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const refetch = useRefetchDocuments();
  return useMutation({ mutationFn, onSuccess: () => void refetch() });
}

export const useUpdateDocument = () =>
  useDocumentMutation(({ id, payload }: { id: number; payload: UpdateDocumentInput }) =>
    api.patch<Document>(`/api/documents/${id}`, payload),
  );

export const useSetArchived = () =>
  useDocumentMutation(({ id, archived }: { id: number; archived: boolean }) =>
    api.patch<DocumentSummary>(`/api/documents/${id}/${archived ? 'archive' : 'unarchive'}`, {}),
  );

export const useMoveDocument = () =>
  useDocumentMutation(({ id, folderId }: { id: number } & MoveDocumentPayload) =>
    api.patch<DocumentSummary>(`/api/documents/${id}/move`, { folderId }),
  );

export const useDeleteDocument = () => useDocumentMutation((id: number) => api.delete(`/api/documents/${id}`));

export const useCreateFolder = () =>
  useDocumentMutation((payload: CreateFolderPayload) => api.post<DocumentFolder>('/api/document-folders', payload));

export const useUpdateFolder = () =>
  useDocumentMutation(({ id, payload }: { id: number; payload: UpdateFolderPayload }) =>
    api.patch<DocumentFolder>(`/api/document-folders/${id}`, payload),
  );

/** Its documents and subfolders move to its parent (the API does it). */
export const useDeleteFolder = () => useDocumentMutation((id: number) => api.delete(`/api/document-folders/${id}`));

export interface UploadFileOptions {
  folderId: number | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/documents with one file (the screen sends one request per file, so each shows its own
 * progress and its own answer: 403 Free plan limit, 413 too large, 415 a program).
 */
export function uploadDocumentFile(
  file: File,
  { folderId, onProgress, signal }: UploadFileOptions,
): Promise<UploadDocumentsResult> {
  const body = new FormData();
  if (folderId !== null) body.append('folderId', String(folderId));
  body.append('files', file, file.name);
  return uploadWithProgress<UploadDocumentsResult>('/api/documents', body, { onProgress, signal });
}
