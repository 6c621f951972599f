import { useQuery } from '@tanstack/react-query';
import type { ActivityLog } from '@aide/contracts';

export const ADMIN_ACTIVITY_QUERY_KEY = ['/api/admin/activity-logs'] as const;

/** Spec §7/§9: the newest 50 rows, newest first (the API already limits and orders them). */
export function useAdminActivity() {
  return useQuery<ActivityLog[]>({ queryKey: ADMIN_ACTIVITY_QUERY_KEY });
}
