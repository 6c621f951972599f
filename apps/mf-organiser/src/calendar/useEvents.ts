/** Data access for events (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { type CreateEventInput, eventsEndpoints, type UpdateEventPayload } from '@aide/contracts';

export function useEvents() {
  return useQuery(endpointQuery(eventsEndpoints.list));
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateEventInput) => callEndpoint(eventsEndpoints.create, { body: payload }),
    // The calendar and the dashboard's schedule card; the mutation stays pending until they are fresh.
    onSuccess: () => invalidateAfter(queryClient, eventsEndpoints.create),
  });
}

export interface UpdateEventVariables {
  id: number;
  payload: UpdateEventPayload;
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateEventVariables) =>
      callEndpoint(eventsEndpoints.update, { params: { id }, body: payload }),
    onSuccess: () => invalidateAfter(queryClient, eventsEndpoints.update),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(eventsEndpoints.remove, { params: { id } }),
    onSuccess: () => invalidateAfter(queryClient, eventsEndpoints.remove),
  });
}
