import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { Profile } from '@aide/contracts';
import type { DashboardHost, PlacedDashboardWidget } from '@aide/module-kit';
import { useRemoteModules } from '../federation/remote-modules';
import { PROFILE_QUERY_KEY, useProfile } from '../profile/useProfile';
import { arrangeWidgets, widgetsOf, type DashboardLayout } from './composition';
import { renderOf } from './ModuleParts';

// TODO(issue 21): `dashboardLayout` joins Profile on branch 21-dash-api; read it through this
// narrow type until then (absent = nothing saved yet).
type ProfileWithLayout = Profile & { dashboardLayout?: DashboardLayout | null };

/**
 * `HostApi.dashboard`: the listed modules' widgets in the user's saved arrangement. Until the profile
 * has loaded (or if it cannot be read) they show in their default order, none hidden.
 */
export function useDashboardHost(): DashboardHost {
  const queryClient = useQueryClient();
  const registry = useRemoteModules((s) => s.registry);
  const states = useRemoteModules((s) => s.states);
  const layout = (useProfile().data as ProfileWithLayout | null | undefined)?.dashboardLayout;

  const saveLayout = useCallback(
    async (next: DashboardLayout) => {
      const before = queryClient.getQueryData<ProfileWithLayout | null>(PROFILE_QUERY_KEY);
      // The dashboard follows at once; the saved profile replaces it, or the old one comes back on failure.
      if (before) queryClient.setQueryData<ProfileWithLayout>(PROFILE_QUERY_KEY, { ...before, dashboardLayout: next });
      try {
        const saved = await api.patch<ProfileWithLayout>('/api/profile', { dashboardLayout: next });
        queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      } catch (error) {
        queryClient.setQueryData(PROFILE_QUERY_KEY, before);
        throw error;
      }
    },
    [queryClient],
  );

  return useMemo(() => {
    const placed = widgetsOf(registry, states).map((w): PlacedDashboardWidget => ({
      ...w.widget,
      key: w.key,
      moduleId: w.moduleId,
      Render: renderOf(w),
    }));
    return { ...arrangeWidgets(placed, layout), saveLayout };
  }, [registry, states, layout, saveLayout]);
}
