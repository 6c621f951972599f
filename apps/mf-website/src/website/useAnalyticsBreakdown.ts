/** Data access for the Analytics tab's breakdown and goals (issue 27). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { type AnalyticsPeriod, type CreateWebsiteGoal, websiteInsightsEndpoints } from '@aide/contracts';

/** GET /api/websites/:id/analytics/breakdown?period=7d|30d: sources, pages, campaigns and goal conversions. */
export function useAnalyticsBreakdown(id: number, period: AnalyticsPeriod) {
  return useQuery({
    ...endpointQuery(websiteInsightsEndpoints.breakdown, { params: { id }, query: { period } }),
    placeholderData: (previous) => previous,
  });
}

/** POST /api/websites/:id/goals; the breakdown refetches with the new goal. */
export function useAddGoal(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: CreateWebsiteGoal) =>
      callEndpoint(websiteInsightsEndpoints.createGoal, { params: { id: websiteId }, body: goal }),
    onSuccess: () => void invalidateAfter(queryClient, websiteInsightsEndpoints.createGoal),
  });
}

/** DELETE /api/websites/:id/goals/:goalId. */
export function useRemoveGoal(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goalId: number) =>
      callEndpoint(websiteInsightsEndpoints.removeGoal, { params: { id: websiteId, goalId } }),
    onSuccess: () => void invalidateAfter(queryClient, websiteInsightsEndpoints.removeGoal),
  });
}
