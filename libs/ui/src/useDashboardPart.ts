// Here, not in @aide/api-client: that one is a shared singleton, loaded whole at first paint, and
// this needs the dashboard's contract (zod and its schema), which each app tree-shakes from @aide/ui.
import { useMemo } from 'react';
import { useQuery, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { dashboardEndpoints, type DashboardResponse } from '@aide/contracts';
import { endpointQuery } from '@aide/api-client';

/** GET /api/dashboard: one request for every card; each card selects its own module's part. */
const dashboardQuery = endpointQuery(dashboardEndpoints.get);
export const DASHBOARD_QUERY_KEY = dashboardQuery.queryKey;

/**
 * The whole answer, for the dashboard page: it asks as it mounts, while its cards' code is still on
 * its way, instead of when the first card has loaded (the cards then read the same query).
 */
export function useDashboardAnswer(enabled: boolean) {
  return useQuery({ ...dashboardQuery, enabled });
}

/**
 * Asks for the whole answer before the dashboard renders: the shell calls it when the dashboard is
 * the first screen, as it starts the cards' code. The answer (preloaded with the page) is then in
 * the query cache when the cards first render, and they draw their data in that render instead of
 * a loading card first and their data in a second one.
 */
export function prefetchDashboardAnswer(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(dashboardQuery);
}

/** What a module's schema must do (a zod schema does): answer the part typed, or throw. */
export interface DashboardPartSchema<T> {
  parse(input: unknown): T;
}

/**
 * The query options of one module's part: the shared dashboard query, with `select` parsing the
 * part with the module's schema. A part that breaks its schema (or is missing) is the query's
 * error for that card only; the other cards still read their parts.
 */
export function dashboardPartOptions<T>(
  moduleId: string,
  schema: DashboardPartSchema<T>,
): UseQueryOptions<DashboardResponse, Error, T> {
  return {
    ...dashboardQuery,
    select: (answer) => schema.parse(answer.modules[moduleId]),
  };
}

/** A module's part of GET /api/dashboard, checked against its schema (e.g. `emailDashboardSchema`). */
export function useDashboardPart<T>(moduleId: string, schema: DashboardPartSchema<T>) {
  // One select per module and schema: a new one each render would parse the part again each render.
  const options = useMemo(() => dashboardPartOptions(moduleId, schema), [moduleId, schema]);
  return useQuery(options);
}
