/** Data access for calendar integrations and the iCalendar feed (spec §7). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import {
  calendarIntegrationsEndpoints as routes,
  type CreateCalDavIntegrationInput,
  eventsEndpoints,
  type UpdateCalendarIntegrationPayload,
} from '@aide/contracts';

export function useCalendarIntegrations() {
  return useQuery(endpointQuery(routes.list));
}

/** Google and Outlook connect the same way: ask the API for the consent URL, then go there. */
export function useConnectOAuthCalendar(provider: 'google' | 'outlook') {
  return useMutation({
    mutationFn: () => callEndpoint(routes.oauthStart, { params: { provider } }),
    onSuccess: ({ authUrl }) => window.location.assign(authUrl),
  });
}

export function useCreateCalDavIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateCalDavIntegrationInput) => callEndpoint(routes.createCalDav, { body: payload }),
    onSuccess: () => invalidateAfter(queryClient, routes.createCalDav),
  });
}

/** Queues a sync (the API answers 202); the list shows `syncing` until the job is done. */
export function useSyncIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(routes.sync, { params: { id } }),
    onSuccess: () => invalidateAfter(queryClient, routes.sync),
  });
}

export function useUpdateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateCalendarIntegrationPayload }) =>
      callEndpoint(routes.update, { params: { id }, body: payload }),
    onSuccess: () => invalidateAfter(queryClient, routes.update),
  });
}

export function useRemoveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(routes.remove, { params: { id } }),
    onSuccess: () => invalidateAfter(queryClient, routes.remove),
  });
}

export function useCalendarFeed() {
  return useQuery(endpointQuery(eventsEndpoints.feedInfo));
}

export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(eventsEndpoints.regenerateFeed),
    // The answer is the new URL: shown at once, no refetch.
    onSuccess: (feed) => queryClient.setQueryData(queryKeyOf(eventsEndpoints.feedInfo), feed),
  });
}
