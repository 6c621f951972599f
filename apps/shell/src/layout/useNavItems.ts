import { createElement, useMemo } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import type { ModuleNavItem } from '@aide/module-kit';
import { useRemoteModules } from '../federation/remote-modules';

export type NavItem = ModuleNavItem & { failed?: boolean };

/** Sidebar entries of the modules the registry lists now (a module dropped from it disappears). */
export function useNavItems(): NavItem[] {
  const registry = useRemoteModules((s) => s.registry);
  const states = useRemoteModules((s) => s.states);
  return useMemo(() => {
    const items: NavItem[] = [];
    for (const entry of registry ?? []) {
      const state = states[entry.id];
      if (state?.status === 'ready') items.push(...state.module.nav);
      // A remote that failed still gets an entry, leading to its fallback and Retry.
      else if (state?.status === 'failed')
        items.push({ path: entry.routes.find((r) => r !== '/') ?? entry.routes[0], label: entry.title, icon: createElement(WarningOutlined), failed: true });
    }
    return items.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  }, [registry, states]);
}

/** How many listed modules have not loaded yet (one while the registry itself is loading). */
export function useLoadingModuleCount(): number {
  const registry = useRemoteModules((s) => s.registry);
  const states = useRemoteModules((s) => s.states);
  if (!registry) return 1;
  return registry.filter((entry) => !states[entry.id] || states[entry.id].status === 'loading').length;
}
