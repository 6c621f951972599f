import { create } from 'zustand';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { api } from '@aide/api-client';
import type { ModuleRegistryEntry } from '@aide/contracts';
import { MODULE_EXPOSE, type RemoteModule } from '@aide/module-kit';
import { isFailedRemote } from './remote-failure-plugin';

export type ModuleState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteModule }
  | { status: 'failed'; error: unknown };

interface RemoteModulesStore {
  registry: ModuleRegistryEntry[] | null;
  registryError: unknown;
  states: Record<string, ModuleState>;
  load: () => Promise<void>;
  retry: (id: string) => Promise<void>;
}

async function loadModule(entry: ModuleRegistryEntry): Promise<ModuleState> {
  try {
    const exposed = await loadRemote<{ default: RemoteModule } | RemoteModule>(`${entry.id}/${MODULE_EXPOSE}`);
    if (isFailedRemote(exposed)) return { status: 'failed', error: exposed.error };
    if (!exposed) return { status: 'failed', error: new Error(`Remote "${entry.id}" returned nothing`) };
    const module = 'default' in exposed ? exposed.default : exposed;
    if (!module || !Array.isArray(module.routes)) return { status: 'failed', error: new Error(`Remote "${entry.id}" exposes no module`) };
    return { status: 'ready', module };
  } catch (error) {
    return { status: 'failed', error };
  }
}

/**
 * The shell knows remotes only through the API's registry: it registers each one with the
 * federation runtime and loads its `module` expose, all at runtime, so a new remote build goes
 * live without rebuilding the shell.
 */
let loading: Promise<void> | null = null;

export const useRemoteModules = create<RemoteModulesStore>((set, get) => ({
  registry: null,
  registryError: null,
  states: {},
  load() {
    // One load at a time (React StrictMode runs effects twice in development).
    loading ??= (async () => {
      let registry: ModuleRegistryEntry[];
      try {
        registry = await api.get<ModuleRegistryEntry[]>('/api/modules');
      } catch (registryError) {
        set({ registryError });
        return;
      }
      // The runtime resolves a relative manifest URL against the page's origin itself.
      registerRemotes(registry.map((m) => ({ name: m.id, entry: m.manifestUrl })));
      set({ registry, registryError: null, states: Object.fromEntries(registry.map((m) => [m.id, { status: 'loading' }])) });
      await Promise.all(
        registry.map(async (entry) => {
          const state = await loadModule(entry);
          set((s) => ({ states: { ...s.states, [entry.id]: state } }));
        }),
      );
    })().finally(() => {
      loading = null;
    });
    return loading;
  },
  async retry(id) {
    const entry = get().registry?.find((m) => m.id === id);
    if (!entry) return;
    set((s) => ({ states: { ...s.states, [id]: { status: 'loading' } } }));
    // force: drop the runtime's cached (failed) entry so the manifest is fetched again.
    registerRemotes([{ name: entry.id, entry: entry.manifestUrl }], { force: true });
    const state = await loadModule(entry);
    set((s) => ({ states: { ...s.states, [id]: state } }));
  },
}));
