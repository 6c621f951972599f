/** Data access for the New Message window: drafts, address suggestions, uploads and documents. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callEndpoint,
  endpointQuery,
  endpointUrl,
  invalidateAfter,
  uploadWithProgress,
  type UploadProgress,
} from '@aide/api-client';
import { type ComposeUpload, documentsEndpoints, emailComposeEndpoints, type SaveDraftPayload } from '@aide/contracts';

/** People from the user's mail matching what is typed in To/Cc/Bcc. */
export function useContactSuggestions(q: string) {
  return useQuery({
    ...endpointQuery(emailComposeEndpoints.contacts, { query: { q, limit: 8 } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A draft to reopen (from the Drafts tab). */
export function useDraft(id: number | null) {
  return useQuery({
    ...endpointQuery(emailComposeEndpoints.getDraft, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Saves the draft: creates it the first time (no id), then replaces it. */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number | null; message: SaveDraftPayload }) =>
      id === null
        ? callEndpoint(emailComposeEndpoints.createDraft, { body: message })
        : callEndpoint(emailComposeEndpoints.updateDraft, { params: { id }, body: message }),
    onSuccess: () => void invalidateAfter(queryClient, emailComposeEndpoints.createDraft),
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(emailComposeEndpoints.deleteDraft, { params: { id } }),
    onSuccess: () => void invalidateAfter(queryClient, emailComposeEndpoints.deleteDraft),
  });
}

/** One file to attach, streamed to the API (multipart, so not through callEndpoint). */
export function uploadAttachment(
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ComposeUpload> {
  const body = new FormData();
  body.append('files', file, file.name);
  return uploadWithProgress<ComposeUpload>(endpointUrl(emailComposeEndpoints.upload), body, options);
}

/** The user's documents, for "From Documents". */
export function useDocumentChoices(enabled: boolean) {
  return useQuery({ ...endpointQuery(documentsEndpoints.list, { query: {} }), enabled });
}
