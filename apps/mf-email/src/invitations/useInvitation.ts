/** Data access for meeting invitations (issue 26); components never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { type InvitationAnswer, invitationsEndpoints as routes } from '@aide/contracts';

/** The invitation a message carries (null when it carries none). */
export function useEmailInvitation(emailId: number) {
  return useQuery(endpointQuery(routes.forEmail, { params: { id: emailId } }));
}

/** Accept, Tentative or Decline: the REPLY goes out and the calendar follows. */
export function useRespondToInvitation(emailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, response }: { id: number; response: InvitationAnswer }) =>
      callEndpoint(routes.respond, { params: { id }, body: { response } }),
    onSuccess: (invitation) => {
      queryClient.setQueryData(endpointQuery(routes.forEmail, { params: { id: emailId } }).queryKey, { invitation });
      void invalidateAfter(queryClient, routes.respond);
    },
  });
}
