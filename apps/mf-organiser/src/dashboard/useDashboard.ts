import { useQuery } from '@tanstack/react-query';
import type { DashboardData } from '@aide/contracts';
import { useHost } from '@aide/module-kit';

/** GET /api/dashboard; the shell refetches this key on live updates. */
export const DASHBOARD_QUERY_KEY = ['/api/dashboard'] as const;

export function useDashboard() {
  const { user } = useHost();
  // Spec §7: only enabled when a user is present.
  return useQuery<DashboardData | null>({ queryKey: DASHBOARD_QUERY_KEY, enabled: Boolean(user) });
}
