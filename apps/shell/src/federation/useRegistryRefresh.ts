import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRemoteModules } from './remote-modules';

/**
 * An admin's change to a module toggle applies on the user's next navigation, without a reload:
 * every route change re-reads the registry (the store dedupes reads already in flight).
 */
export function useRegistryRefresh() {
  const { pathname } = useLocation();
  const refresh = useRemoteModules((s) => s.refresh);
  const loaded = useRemoteModules((s) => s.registry !== null);
  useEffect(() => {
    if (loaded) void refresh();
    // Only navigation triggers it; the first load is ModuleRoutes' job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
