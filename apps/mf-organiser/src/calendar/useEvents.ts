/** Data access for events (spec §7); components use these hooks and never call fetch. */
import { useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { type CreateEventInput, eventsEndpoints, type OccurrenceScope, type UpdateEventPayload } from '@aide/contracts';
import { dayjs } from '../shared/time';

/** A range of instants (ISO): the API lists the events overlapping it, repeating ones as their occurrences. */
export interface EventRangeQuery {
  from: string;
  /** Left out: single events without limit, repeating ones for a year ahead. */
  to?: string;
}

/**
 * The events overlapping the range, every occurrence of a repeating event among them (moved ones in
 * their new place). The calendar asks for what it shows; without a range the API looks a year around now.
 */
export function useEvents(range?: EventRangeQuery) {
  return useQuery({
    ...endpointQuery(eventsEndpoints.list, range ? { query: range } : undefined),
    // Stepping to the next week keeps this week's events on screen until the next week's arrive.
    placeholderData: range ? keepPreviousData : undefined,
  });
}

/**
 * From now on, for Upcoming Events: every single event ahead and a year of each repeating one (the
 * API's default for a missing end). It starts at the hour, so the query's key (and the list) stays
 * the same while the user works within that hour.
 */
export function useUpcomingEventRange(): EventRangeQuery {
  const hour = dayjs().startOf('hour').valueOf();
  return useMemo(() => ({ from: dayjs(hour).toISOString() }), [hour]);
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateEventInput) => callEndpoint(eventsEndpoints.create, { body: payload }),
    // The calendar and the dashboard's schedule card; the mutation stays pending until they are fresh.
    onSuccess: () => invalidateAfter(queryClient, eventsEndpoints.create),
  });
}

/** Which occurrences of a repeating event a change applies to (?scope=&occurrence=). */
export interface ScopeQuery {
  scope: OccurrenceScope;
  /** The occurrence's original start (ISO). */
  occurrence?: string;
}

export interface UpdateEventVariables {
  id: number;
  payload: UpdateEventPayload;
  /** For an occurrence of a repeating event; left out, the change applies to the whole event. */
  scope?: ScopeQuery;
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload, scope }: UpdateEventVariables) =>
      callEndpoint(eventsEndpoints.update, { params: { id }, body: payload, query: scope }),
    onSuccess: () => invalidateAfter(queryClient, eventsEndpoints.update),
  });
}

export interface DeleteEventVariables {
  id: number;
  scope?: ScopeQuery;
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: number | DeleteEventVariables) => {
      const { id, scope } = typeof variables === 'number' ? { id: variables, scope: undefined } : variables;
      return callEndpoint(eventsEndpoints.remove, { params: { id }, query: scope });
    },
    onSuccess: () => invalidateAfter(queryClient, eventsEndpoints.remove),
  });
}
