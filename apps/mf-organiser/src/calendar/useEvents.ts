/** Data access for events (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { CalendarEvent, CreateEventInput, UpdateEventPayload } from '@aide/contracts';

/** The list's key; the shell's default query function GETs it and refetches it on live updates. */
export const EVENTS_QUERY_KEY = ['/api/events'] as const;
/** The dashboard's schedule card and stats read events too, so a change refetches it as well. */
const DASHBOARD_QUERY_KEY = ['/api/dashboard'] as const;

export const eventPath = (id: number) => `/api/events/${id}`;

export function useEvents() {
  return useQuery<CalendarEvent[]>({ queryKey: EVENTS_QUERY_KEY });
}

function useRefetchEvents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    ]);
}

export function useCreateEvent() {
  const refetch = useRefetchEvents();
  return useMutation({
    mutationFn: (payload: CreateEventInput) => api.post<CalendarEvent>('/api/events', payload),
    onSuccess: refetch,
  });
}

export interface UpdateEventVariables {
  id: number;
  payload: UpdateEventPayload;
}

export function useUpdateEvent() {
  const refetch = useRefetchEvents();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateEventVariables) => api.patch<CalendarEvent>(eventPath(id), payload),
    onSuccess: refetch,
  });
}

export function useDeleteEvent() {
  const refetch = useRefetchEvents();
  return useMutation({
    mutationFn: (id: number) => api.delete(eventPath(id)),
    onSuccess: refetch,
  });
}
