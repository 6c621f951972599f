import { createElement, useMemo } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import type { ModuleRegistryEntry } from '@aide/contracts';
import { useLocale } from '@aide/i18n';
import type { ModuleNavItem } from '@aide/module-kit';
import { describedNav } from '../federation/described-parts';
import { useRemoteModules, type ModuleState } from '../federation/remote-modules';

/** `moduleId`: whose entry it is, so the shell can name the built-in modules in the reader's language. */
export type NavItem = ModuleNavItem & { failed?: boolean; moduleId?: string };

/**
 * The sidebar entries of the listed modules, by their order (a module dropped from the registry
 * disappears): from a module's description when it has one (its code need not be loaded), labels in `locale`.
 */
export function navItemsOf(
  registry: ModuleRegistryEntry[] | null,
  states: Record<string, ModuleState>,
  locale = 'en',
): NavItem[] {
  const items: NavItem[] = [];
  for (const entry of registry ?? []) {
    const state = states[entry.id];
    // A described module keeps its entries even when its code failed to load: they lead to its
    // fallback and Retry, and the sidebar does not change under the reader.
    if (state && state.status !== 'loading' && state.description)
      items.push(...describedNav(state.description, locale).map((item) => ({ ...item, moduleId: entry.id })));
    else if (state?.status === 'ready')
      items.push(...state.module.nav.map((item) => ({ ...item, moduleId: entry.id })));
    // A remote that failed without a description still gets an entry, leading to its fallback and Retry.
    else if (state?.status === 'failed')
      items.push({
        path: entry.routes.find((r) => r !== '/') ?? entry.routes[0],
        label: entry.title,
        icon: createElement(WarningOutlined),
        failed: true,
        moduleId: entry.id,
      });
  }
  return items.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
}

/** How many listed modules have not loaded yet (one while the registry itself is loading). */
export function loadingModuleCount(
  registry: ModuleRegistryEntry[] | null,
  states: Record<string, ModuleState>,
): number {
  if (!registry) return 1;
  return registry.filter((entry) => !states[entry.id] || states[entry.id].status === 'loading').length;
}

/** Sidebar entries of the modules the registry lists now. */
export function useNavItems(): NavItem[] {
  const registry = useRemoteModules((s) => s.registry);
  const states = useRemoteModules((s) => s.states);
  const locale = useLocale();
  return useMemo(() => navItemsOf(registry, states, locale), [registry, states, locale]);
}

export function useLoadingModuleCount(): number {
  const registry = useRemoteModules((s) => s.registry);
  const states = useRemoteModules((s) => s.states);
  return loadingModuleCount(registry, states);
}
