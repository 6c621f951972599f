import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@aide/api-client';
import { useLocale } from '@aide/i18n';
import { type Profile, profileEndpoints } from '@aide/contracts';
import type { DashboardHost, PlacedDashboardWidget } from '@aide/module-kit';
import { useRemoteModules } from '../federation/remote-modules';
import { PROFILE_QUERY_KEY, useProfile } from '../profile/useProfile';
import { arrangeWidgets, widgetsOf, type DashboardLayout } from './composition';
import { renderOf } from './ModuleParts';

/**
 * `HostApi.dashboard`: the listed modules' widgets in the user's saved arrangement. Until the profile
 * has loaded (or if it cannot be read) they show in their default order, none hidden.
 */
export function useDashboardHost(): DashboardHost {
  const queryClient = useQueryClient();
  const registry = useRemoteModules((s) => s.registry);
  const states = useRemoteModules((s) => s.states);
  const layout = useProfile().data?.dashboardLayout;
  // A widget's title may be a getter in the module's language: read again when the language changes.
  const locale = useLocale();

  const saveLayout = useCallback(
    async (next: DashboardLayout) => {
      const before = queryClient.getQueryData<Profile | null>(PROFILE_QUERY_KEY);
      // The dashboard follows at once; the saved profile replaces it, or the old one comes back on failure.
      if (before) queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, { ...before, dashboardLayout: next });
      try {
        const saved = await callEndpoint(profileEndpoints.update, { body: { dashboardLayout: next } });
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` re-reads the widgets' title getters
  }, [registry, states, layout, saveLayout, locale]);
}
