/** Data access for calendar integrations and the iCalendar feed (spec §7). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type {
  CalendarAuthUrl,
  CalendarFeedInfo,
  CalendarIntegration,
  CreateCalDavIntegrationInput,
  UpdateCalendarIntegrationPayload,
} from '@aide/contracts';
import { EVENTS_QUERY_KEY } from '../useEvents';

export const INTEGRATIONS_QUERY_KEY = ['/api/calendar-integrations'] as const;
export const FEED_QUERY_KEY = ['/api/calendar/feed'] as const;

const integrationPath = (id: number) => `/api/calendar-integrations/${id}`;

export function useCalendarIntegrations() {
  return useQuery<CalendarIntegration[]>({ queryKey: INTEGRATIONS_QUERY_KEY });
}

function useRefetch() {
  const queryClient = useQueryClient();
  return {
    integrations: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_QUERY_KEY }),
    /** A sync or removal changes which events exist too. */
    integrationsAndEvents: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INTEGRATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY }),
      ]),
  };
}

/** Asks the API where Google's consent screen is; the browser then goes there (and comes back). */
/** Google and Outlook connect the same way: ask the API for the consent URL, then go there. */
export function useConnectOAuthCalendar(provider: 'google' | 'outlook') {
  return useMutation({
    mutationFn: () => api.get<CalendarAuthUrl>(`/api/auth/${provider}/calendar`),
    onSuccess: ({ authUrl }) => window.location.assign(authUrl),
  });
}

export function useCreateCalDavIntegration() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (payload: CreateCalDavIntegrationInput) =>
      api.post<CalendarIntegration>('/api/calendar-integrations/caldav', payload),
    onSuccess: refetch.integrationsAndEvents,
  });
}

/** Queues a sync (the API answers 202); the list shows `syncing` until the job is done. */
export function useSyncIntegration() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: number) => api.post(`${integrationPath(id)}/sync`),
    onSuccess: refetch.integrationsAndEvents,
  });
}

export function useUpdateIntegration() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateCalendarIntegrationPayload }) =>
      api.patch<CalendarIntegration>(integrationPath(id), payload),
    onSuccess: refetch.integrations,
  });
}

export function useRemoveIntegration() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: number) => api.delete(integrationPath(id)),
    onSuccess: refetch.integrationsAndEvents,
  });
}

export function useCalendarFeed() {
  return useQuery<CalendarFeedInfo>({ queryKey: FEED_QUERY_KEY });
}

export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedInfo>('/api/calendar/feed/regenerate'),
    onSuccess: (feed) => queryClient.setQueryData(FEED_QUERY_KEY, feed),
  });
}
