import { useEffect, useEffectEvent, useRef } from 'react';
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
  // Only navigation triggers it (so `loaded` and `refresh` are read, not watched); the first
  // load is ModuleRoutes' job, and the page the frame opens on was just read with it.
  const readFor = useRef(pathname);
  const refreshIfLoaded = useEffectEvent(() => {
    if (readFor.current === pathname) return;
    readFor.current = pathname;
    if (loaded) void refresh();
  });
  useEffect(() => refreshIfLoaded(), [pathname]);
}
