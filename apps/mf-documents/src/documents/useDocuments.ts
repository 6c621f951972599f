/** Data access for the documents screen (spec §7); components use these hooks and never call fetch. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callEndpoint,
  endpointQuery,
  endpointUrl,
  invalidateAfter,
  uploadWithProgress,
  type UploadProgress,
} from '@aide/api-client';
import {
  type CreateFolderPayload,
  documentsEndpoints,
  type EndpointDefinition,
  type KeepDocumentSuggestionPayload,
  type MoveDocumentPayload,
  type UpdateDocumentInput,
  type UpdateFolderPayload,
  type UploadDocumentsResult,
} from '@aide/contracts';
import { type DocumentListFilters, normaliseFilters } from './documentsQuery';

/** The open folder's documents, or a search's across every folder. The last list stays while the next loads. */
export function useDocumentList(filters: DocumentListFilters) {
  return useQuery({
    ...endpointQuery(documentsEndpoints.list, { query: normaliseFilters(filters) }),
    placeholderData: keepPreviousData,
  });
}

/** One document with its extracted text; the view dialog reads it. */
export function useDocument(id: number | null) {
  return useQuery({ ...endpointQuery(documentsEndpoints.get, { params: { id: id ?? 0 } }), enabled: id !== null });
}

/** Every folder, flat, with parentFolderId and documentCount. */
export function useFolders() {
  return useQuery(endpointQuery(documentsEndpoints.folders));
}

/** Spec §7: after an upload the lists are refetched; folders too, since their counts change. */
export function useRefetchDocuments() {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, documentsEndpoints.upload);
}

/** Every change refetches what its endpoint invalidates: the documents and the folders' counts. */
function useDocumentMutation<TVariables, TResult>(
  definition: EndpointDefinition,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void invalidateAfter(queryClient, definition) });
}

export const useUpdateDocument = () =>
  useDocumentMutation(documentsEndpoints.update, ({ id, payload }: { id: number; payload: UpdateDocumentInput }) =>
    callEndpoint(documentsEndpoints.update, { params: { id }, body: payload }),
  );

/** Issue 30: a suggested tag or the suggested category becomes the document's own. */
export const useKeepSuggestion = () =>
  useDocumentMutation(
    documentsEndpoints.keepSuggestion,
    ({ id, keep }: { id: number; keep: KeepDocumentSuggestionPayload }) =>
      callEndpoint(documentsEndpoints.keepSuggestion, { params: { id }, body: keep }),
  );

export const useDismissSuggestions = () =>
  useDocumentMutation(documentsEndpoints.dismissSuggestions, (id: number) =>
    callEndpoint(documentsEndpoints.dismissSuggestions, { params: { id } }),
  );

// Archiving and unarchiving make the same lists stale.
export const useSetArchived = () =>
  useDocumentMutation(documentsEndpoints.archive, ({ id, archived }: { id: number; archived: boolean }) =>
    callEndpoint(archived ? documentsEndpoints.archive : documentsEndpoints.unarchive, { params: { id } }),
  );

export const useMoveDocument = () =>
  useDocumentMutation(documentsEndpoints.move, ({ id, folderId }: { id: number } & MoveDocumentPayload) =>
    callEndpoint(documentsEndpoints.move, { params: { id }, body: { folderId } }),
  );

export const useDeleteDocument = () =>
  useDocumentMutation(documentsEndpoints.remove, (id: number) =>
    callEndpoint(documentsEndpoints.remove, { params: { id } }),
  );

export const useCreateFolder = () =>
  useDocumentMutation(documentsEndpoints.createFolder, (payload: CreateFolderPayload) =>
    callEndpoint(documentsEndpoints.createFolder, { body: payload }),
  );

export const useUpdateFolder = () =>
  useDocumentMutation(
    documentsEndpoints.updateFolder,
    ({ id, payload }: { id: number; payload: UpdateFolderPayload }) =>
      callEndpoint(documentsEndpoints.updateFolder, { params: { id }, body: payload }),
  );

/** Its documents and subfolders move to its parent (the API does it). */
export const useDeleteFolder = () =>
  useDocumentMutation(documentsEndpoints.removeFolder, (id: number) =>
    callEndpoint(documentsEndpoints.removeFolder, { params: { id } }),
  );

export interface UploadFileOptions {
  folderId: number | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file (the screen sends one request per file, so each shows its own progress and its
 * own answer: 403 Free plan limit, 413 too large, 415 a program). Multipart, so not through
 * callEndpoint: only its URL comes from the contract.
 */
export function uploadDocumentFile(
  file: File,
  { folderId, onProgress, signal }: UploadFileOptions,
): Promise<UploadDocumentsResult> {
  const body = new FormData();
  if (folderId !== null) body.append('folderId', String(folderId));
  body.append('files', file, file.name);
  return uploadWithProgress<UploadDocumentsResult>(endpointUrl(documentsEndpoints.upload), body, {
    onProgress,
    signal,
  });
}
