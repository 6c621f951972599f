import { create } from 'zustand';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { callEndpoint } from '@aide/api-client';
import { type LockedModuleEntry, moduleRegistryEndpoints, type ModuleRegistryEntry } from '@aide/contracts';
import { isEntryPath } from '@aide/contracts/module-paths';
import { MODULE_DESCRIPTION_FILE, MODULE_EXPOSE, type ModuleDescription, type RemoteModule } from '@aide/module-kit';
import { isFailedRemote } from './remote-failure-plugin';

/**
 * Where a listed module stands in this browser. 'described': its aide-module.json is in, so the
 * sidebar, the routes and the dashboard know its parts, but none of its code is loaded; the code
 * loads when one of its parts renders (`ensure`), or earlier on a hover or when the browser is idle.
 * A remote without a description (an older build) is loaded at once, as it always was.
 */
export type ModuleState =
  | { status: 'loading'; description?: undefined }
  | { status: 'described'; description: ModuleDescription }
  | { status: 'ready'; module: RemoteModule; description?: ModuleDescription }
  | { status: 'failed'; error: unknown; description?: ModuleDescription };

interface RemoteModulesStore {
  /** The modules this user may use, as GET /api/modules last listed them. */
  registry: ModuleRegistryEntry[] | null;
  registryError: unknown;
  /** The modules this user may not use (GET /api/modules/locked); their routes say why. */
  locked: LockedModuleEntry[];
  /** Per module id; kept when a module drops out of the registry, so listing it again needs no reload. */
  states: Record<string, ModuleState>;
  /** First load: shows a spinner until the registry is in, then loads every listed remote. */
  load: () => Promise<void>;
  /** Re-reads the registry quietly (on navigation): hides modules no longer listed, loads new ones. */
  refresh: () => Promise<void>;
  retry: (id: string) => Promise<void>;
  /** Loads a described module's code (once; later calls share it) and answers its state then. */
  ensure: (id: string) => Promise<ModuleState>;
}

async function loadModule(entry: ModuleRegistryEntry): Promise<ModuleState> {
  try {
    const exposed = await loadRemote<{ default: RemoteModule } | RemoteModule>(`${entry.id}/${MODULE_EXPOSE}`);
    if (isFailedRemote(exposed)) return { status: 'failed', error: exposed.error };
    if (!exposed) return { status: 'failed', error: new Error(`Remote "${entry.id}" returned nothing`) };
    const module = 'default' in exposed ? exposed.default : exposed;
    if (!module || !Array.isArray(module.routes))
      return { status: 'failed', error: new Error(`Remote "${entry.id}" exposes no module`) };
    return { status: 'ready', module };
  } catch (error) {
    return { status: 'failed', error };
  }
}

/** Every path a listed module serves: the registry's, its description's and, once loaded, its own. */
export function routePathsOf(entry: ModuleRegistryEntry, state: ModuleState | undefined): string[] {
  const loaded = state?.status === 'ready' ? state.module.routes.map((route) => route.path) : [];
  return [...new Set([...entry.routes, ...(state?.description?.routes ?? []), ...loaded])];
}

/**
 * The remote's description, read beside its manifest; null when there is none to use (an older
 * build, a dead server, an HTML page where the file should be): the caller then loads the code.
 */
export async function fetchDescription(entry: ModuleRegistryEntry): Promise<ModuleDescription | null> {
  // The API sends the descriptions of the remotes it serves itself with the registry.
  if (entry.description !== undefined && isDescriptionOf(entry, entry.description)) return entry.description;
  try {
    const url = new URL(MODULE_DESCRIPTION_FILE, new URL(entry.manifestUrl, window.location.href));
    const response = await fetch(url.href, { credentials: 'same-origin' });
    if (!response.ok) return null;
    const description: unknown = await response.json();
    return isDescriptionOf(entry, description) ? description : null;
  } catch {
    return null;
  }
}

/** Whether `description` has the shape the shell draws from, for this entry's module. */
function isDescriptionOf(entry: ModuleRegistryEntry, description: unknown): description is ModuleDescription {
  const candidate = description as Partial<ModuleDescription> | null;
  return (
    candidate?.id === entry.id &&
    Array.isArray(candidate.routes) &&
    Array.isArray(candidate.nav) &&
    Array.isArray(candidate.widgets) &&
    Array.isArray(candidate.slots) &&
    (candidate.entry === undefined || isEntryPath(candidate.entry))
  );
}

/**
 * What the federation runtime is given for a module: its entry script when the description names
 * one (beside the description, so beside the manifest), else the manifest, which the runtime reads
 * to find the entry. The script's URL is resolved here, against the manifest's.
 */
export function remoteEntryOf(entry: ModuleRegistryEntry, description: ModuleDescription | null | undefined): string {
  if (!description?.entry) return entry.manifestUrl;
  return new URL(description.entry, new URL(entry.manifestUrl, window.location.href)).href;
}

/** Locked modules are an extra: if the call fails there are none. */
const fetchLocked = () => callEndpoint(moduleRegistryEndpoints.locked).catch((): LockedModuleEntry[] => []);

/** Remotes listed so far, by id, with the manifest URL the registry gave when they were taken up. */
const registered = new Map<string, string>();

/** What the federation runtime was last given for each module (its entry script or its manifest). */
const inRuntime = new Map<string, string>();

/** Gives the runtime where a module's code is; a module it already knows is replaced (force). */
function registerWithRuntime(id: string, url: string, replace = false): void {
  if (inRuntime.get(id) === url && !replace) return;
  registerRemotes([{ name: id, entry: url }], { force: replace || inRuntime.has(id) });
  inRuntime.set(id, url);
}

/**
 * The shell knows remotes only through the API's registry: it registers each one with the
 * federation runtime and loads its `module` expose, all at runtime, so a new remote build goes
 * live without rebuilding the shell.
 */
let inFlight: Promise<void> | null = null;

/** Code loads under way, by module id: a route, a widget and a hover asking at once share one. */
const ensuring = new Map<string, Promise<ModuleState>>();

export const useRemoteModules = create<RemoteModulesStore>((set, get) => {
  const setState = (id: string, state: ModuleState) => set((s) => ({ states: { ...s.states, [id]: state } }));

  /** The remote's code, loaded now; its description (if any) stays with the result. */
  const loadCode = async (entry: ModuleRegistryEntry, description?: ModuleDescription) => {
    const state = await loadModule(entry);
    const next: ModuleState = description && state.status !== 'loading' ? { ...state, description } : state;
    // Only if the module was not re-pointed (or retried) meanwhile.
    if (registered.get(entry.id) === entry.manifestUrl) setState(entry.id, next);
    return next;
  };

  /** Its description if the remote has one (its code waits until shown), else its code at once. */
  const describeOrLoad = async (entry: ModuleRegistryEntry) => {
    const description = await fetchDescription(entry);
    // Re-pointed (or retried) while the description was on its way: that call registers it.
    if (registered.get(entry.id) !== entry.manifestUrl) return;
    registerWithRuntime(entry.id, remoteEntryOf(entry, description));
    if (!description) return void (await loadCode(entry));
    setState(entry.id, { status: 'described', description });
  };

  /** Registers and loads the listed remotes not loaded yet (a remote is never unregistered). */
  const loadNew = async (registry: ModuleRegistryEntry[]) => {
    const fresh = registry.filter((m) => registered.get(m.id) !== m.manifestUrl || !get().states[m.id]);
    if (fresh.length === 0) return;
    // Each is given to the federation runtime once its description is in (describeOrLoad), with
    // the entry script the description names; one whose manifest an admin has changed is replaced.
    for (const m of fresh) registered.set(m.id, m.manifestUrl);
    set((s) => ({
      states: { ...s.states, ...Object.fromEntries(fresh.map((m) => [m.id, { status: 'loading' } as ModuleState])) },
    }));
    for (const m of fresh) ensuring.delete(m.id);
    await Promise.all(fresh.map(describeOrLoad));
  };

  /** One registry read at a time: navigations in quick succession (and StrictMode's double effects) share it. */
  const sync = (quiet: boolean) =>
    (inFlight ??= (async () => {
      let registry: ModuleRegistryEntry[];
      let locked: LockedModuleEntry[];
      try {
        [registry, locked] = await Promise.all([callEndpoint(moduleRegistryEndpoints.list), fetchLocked()]);
      } catch (registryError) {
        // A failed background refresh keeps what is on screen; only the first load shows the error.
        if (!quiet || !get().registry) set({ registryError });
        return;
      }
      // Keep the old arrays when nothing changed, so a navigation does not re-render the whole frame.
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      set((s) => ({
        registry: s.registry && same(s.registry, registry) ? s.registry : registry,
        locked: same(s.locked, locked) ? s.locked : locked,
        registryError: null,
      }));
      await loadNew(registry);
    })().finally(() => {
      inFlight = null;
    }));

  return {
    registry: null,
    registryError: null,
    locked: [],
    states: {},
    load: () => sync(false),
    ensure(id) {
      const state = get().states[id];
      if (state?.status !== 'described') return Promise.resolve(state ?? { status: 'loading' });
      const entry = get().registry?.find((m) => m.id === id);
      if (!entry) return Promise.resolve(state);
      let pending = ensuring.get(id);
      if (!pending) {
        pending = loadCode(entry, state.description);
        ensuring.set(id, pending);
      }
      return pending;
    },
    refresh: () => sync(true),
    async retry(id) {
      // Read the registry first: an admin may have pointed the module at a working build since.
      const registeredBefore = registered.get(id);
      set((s) => ({ states: { ...s.states, [id]: { status: 'loading' } } }));
      await sync(true);
      if (registered.get(id) !== registeredBefore) return; // the sync loaded it from its new URL
      const entry = get().registry?.find((m) => m.id === id);
      if (!entry) return;
      set((s) => ({ states: { ...s.states, [id]: { status: 'loading' } } }));
      registered.set(entry.id, entry.manifestUrl);
      ensuring.delete(id);
      // The description is read again too (a new one means new widget wrappers, so a crashed lazy
      // part is imported afresh, and maybe a new entry script); the code follows at once, since
      // something on screen asked for it.
      const description = await fetchDescription(entry);
      // force: drop the runtime's cached (failed) entry so the script is fetched again.
      registerWithRuntime(entry.id, remoteEntryOf(entry, description), true);
      await loadCode(entry, description ?? undefined);
    },
  };
});
