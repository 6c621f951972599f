import type { ComponentType } from 'react';
import type { LockedModuleEntry, ModuleRegistryEntry } from '@aide/contracts';
import type { ModuleState } from '../federation/remote-modules';

/**
 * A path a listed module serves: its screen once loaded, else a spinner (which loads a described
 * module's code: `loading`) or the fallback with Retry.
 */
export type PlannedRoute =
  | { path: string; entry: ModuleRegistryEntry; kind: 'screen'; Component: ComponentType }
  | { path: string; entry: ModuleRegistryEntry; kind: 'loading' | 'failed' };

export interface RoutePlan {
  routes: PlannedRoute[];
  /** Paths of modules this user may not use, which say why rather than 404. */
  locked: { path: string; entry: LockedModuleEntry }[];
  /** Where '/' leads when no module claims it: the first other page. */
  redirectRootTo: string | undefined;
}

/**
 * Which screen each path shows, from the registry and the loaded remotes (the shell hard-codes no
 * module). The first to claim a path keeps it; the shell's own paths cannot be claimed.
 */
export function planRoutes(
  registry: ModuleRegistryEntry[],
  states: Record<string, ModuleState>,
  locked: LockedModuleEntry[],
  shellPaths: string[],
): RoutePlan {
  const routes: PlannedRoute[] = [];
  const claimed = new Set<string>(shellPaths);
  for (const entry of registry) {
    const state = states[entry.id];
    if (state?.status === 'ready') {
      for (const route of state.module.routes) {
        if (claimed.has(route.path)) continue;
        claimed.add(route.path);
        routes.push({ path: route.path, entry, kind: 'screen', Component: route.Component });
      }
    }
    // Paths the registry or the module's description give it that it has not (or could not) claim:
    // spinner or fallback. A described module's code loads when one of them is shown.
    for (const path of new Set([...(state?.description?.routes ?? []), ...entry.routes])) {
      if (claimed.has(path)) continue;
      if (!state || state.status === 'loading' || state.status === 'described')
        routes.push({ path, entry, kind: 'loading' });
      else if (state.status === 'failed') routes.push({ path, entry, kind: 'failed' });
    }
  }
  const firstPage = routes.find((r) => r.path !== '/')?.path;
  // Paths of modules this user may not use say why, rather than 404 (unless a usable module owns them).
  const lockedRoutes = locked.flatMap((entry) =>
    entry.routes
      .filter((path) => !claimed.has(path) && !routes.some((r) => r.path === path))
      .map((path) => ({ path, entry })),
  );
  const rootTaken = routes.some((r) => r.path === '/') || lockedRoutes.some((r) => r.path === '/');
  return { routes, locked: lockedRoutes, redirectRootTo: rootTaken ? undefined : firstPage };
}
