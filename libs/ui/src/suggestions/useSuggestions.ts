import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { type Suggestion, suggestionEndpoints } from '@aide/contracts';

/** What the suggestions are of: a message or a document. */
export type SuggestionSource = { emailId: number } | { documentId: number };

/** GET /api/emails/:id/suggestions or /api/documents/:id/suggestions. */
export function useSuggestions(source: SuggestionSource) {
  return useQuery(
    'emailId' in source
      ? endpointQuery(suggestionEndpoints.forEmail, { params: { id: source.emailId } })
      : endpointQuery(suggestionEndpoints.forDocument, { params: { id: source.documentId } }),
  );
}

/** Accept and dismiss; each refreshes the suggestions and whatever an accepted one made. */
export function useSuggestionDecisions() {
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: (suggestion: Suggestion) =>
      callEndpoint(suggestionEndpoints.accept, { params: { id: suggestion.id }, body: {} }),
    onSuccess: () => invalidateAfter(queryClient, suggestionEndpoints.accept),
  });
  const dismiss = useMutation({
    mutationFn: (suggestion: Suggestion) =>
      callEndpoint(suggestionEndpoints.dismiss, { params: { id: suggestion.id } }),
    onSuccess: () => invalidateAfter(queryClient, suggestionEndpoints.dismiss),
  });
  return { accept, dismiss };
}
