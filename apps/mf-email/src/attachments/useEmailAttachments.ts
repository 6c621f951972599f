/** Data access for attachments into Documents (issue 26); components never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, endpointUrl, invalidateAfter } from '@aide/api-client';
import {
  type AttachmentRuleBody,
  documentsEndpoints,
  emailAttachmentsEndpoints as routes,
  type UpdateAttachmentRulePayload,
} from '@aide/contracts';

/** The attachment as the mail server has it, downloaded (Content-Disposition: attachment). */
export const attachmentDownloadUrl = (emailId: number, index: number) =>
  endpointUrl(routes.download, { id: emailId, index });

/** Where Documents opens a document. */
export const documentHref = (documentId: number) => `/documents?open=${documentId}`;

export function useSaveAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ emailId, index }: { emailId: number; index: number }) =>
      callEndpoint(routes.saveToDocuments, { params: { id: emailId, index } }),
    onSuccess: () => void invalidateAfter(queryClient, routes.saveToDocuments),
  });
}

export function useAttachmentRules({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...endpointQuery(routes.rules), enabled });
}

/** The Documents folders a rule can file into. */
export function useDocumentFolders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...endpointQuery(documentsEndpoints.folders), enabled });
}

export function useCreateAttachmentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttachmentRuleBody) => callEndpoint(routes.createRule, { body }),
    onSuccess: () => void invalidateAfter(queryClient, routes.createRule),
  });
}

export function useUpdateAttachmentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAttachmentRulePayload }) =>
      callEndpoint(routes.updateRule, { params: { id }, body }),
    onSuccess: () => void invalidateAfter(queryClient, routes.updateRule),
  });
}

export function useDeleteAttachmentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(routes.deleteRule, { params: { id } }),
    onSuccess: () => void invalidateAfter(queryClient, routes.deleteRule),
  });
}
