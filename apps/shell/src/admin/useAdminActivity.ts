import { useQuery } from '@tanstack/react-query';
import { endpointQuery, queryKeyOf } from '@aide/api-client';
import { activityLogEndpoints } from '@aide/contracts';

export const ADMIN_ACTIVITY_QUERY_KEY = queryKeyOf(activityLogEndpoints.list);

/** Spec §7/§9: the newest 50 rows, newest first (the API already limits and orders them). */
export function useAdminActivity() {
  return useQuery(endpointQuery(activityLogEndpoints.list));
}
