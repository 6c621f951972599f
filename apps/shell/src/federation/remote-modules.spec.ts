import { endpointUrl } from '@aide/api-client';
import { type LockedModuleEntry, moduleRegistryEndpoints, type ModuleRegistryEntry } from '@aide/contracts';
import type { ModuleDescription, RemoteModule } from '@aide/module-kit';
import { REMOTE_LOAD_FAILED } from './remote-failure-plugin';

// The federation runtime fetches manifests and scripts over the network: each test says what a
// remote's `module` expose resolves to instead. The API is answered through fetch, as in a browser.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

type Runtime = { loadRemote: jest.Mock; registerRemotes: jest.Mock };

const REGISTRY_URL = endpointUrl(moduleRegistryEndpoints.list);
const LOCKED_URL = endpointUrl(moduleRegistryEndpoints.locked);

const entry = (id: string, routes: string[], manifestUrl = `/remotes/${id}/mf-manifest.json`): ModuleRegistryEntry => ({
  id,
  title: id[0].toUpperCase() + id.slice(1),
  routes,
  manifestUrl,
});

const moduleOf = (id: string, paths: string[]): RemoteModule => ({
  id,
  version: '1.0.0',
  routes: paths.map((path) => ({ path, Component: () => null })),
  nav: paths.map((path, i) => ({ path, label: `${id} ${path}`, order: i })),
});

interface Api {
  registry: ModuleRegistryEntry[] | { status: number };
  locked?: LockedModuleEntry[] | { status: number };
  /** What each remote's aide-module.json holds, by the folder it is served from ('organiser'); others answer 404. */
  descriptions?: Record<string, unknown>;
}

// The page the shell runs on: a relative manifest URL resolves against it (this spec runs in Node).
Object.assign(globalThis, { window: { location: { href: 'http://localhost/' } } });

/** A fresh store (as a page load creates it) against an API answering `api` (changeable later). */
async function load(api: Api) {
  const gets: string[] = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    gets.push(url);
    const described = /^http:\/\/localhost\/remotes\/([\w-]+)\/aide-module\.json$/.exec(url)?.[1];
    if (described && api.descriptions && described in api.descriptions) {
      const body = api.descriptions[described];
      return {
        ok: true,
        status: 200,
        json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
      } as Response;
    }
    const answer = url === REGISTRY_URL ? api.registry : url === LOCKED_URL ? (api.locked ?? []) : { status: 404 };
    const status = Array.isArray(answer) ? 200 : answer.status;
    return {
      ok: status === 200,
      status,
      statusText: '',
      text: async () => (Array.isArray(answer) ? JSON.stringify(answer) : ''),
    } as Response;
  }) as unknown as typeof fetch;
  let store!: typeof import('./remote-modules').useRemoteModules;
  let runtime!: Runtime;
  await jest.isolateModulesAsync(async () => {
    runtime = (await import('@module-federation/enhanced/runtime')) as unknown as Runtime;
    store = (await import('./remote-modules')).useRemoteModules;
  });
  return { store, runtime, gets, api };
}

/** What the sidebar and routes read: each module's status, by id. */
const statuses = (store: Awaited<ReturnType<typeof load>>['store']) =>
  Object.fromEntries(Object.entries(store.getState().states).map(([id, s]) => [id, s.status]));

describe('useRemoteModules', () => {
  it('registers each listed remote at its manifest and loads its module', async () => {
    const { store, runtime } = await load({
      registry: [entry('organiser', ['/', '/tasks']), entry('email', ['/email'])],
    });
    const modules: Record<string, RemoteModule> = {
      organiser: moduleOf('organiser', ['/', '/tasks']),
      email: moduleOf('email', ['/email']),
    };
    // A remote exposes its module as the default export, or as the module itself.
    runtime.loadRemote.mockImplementation(async (name: string) =>
      name === 'organiser/module' ? { default: modules.organiser } : modules.email,
    );

    await store.getState().load();

    // No description names an entry script: the runtime reads each manifest to find it.
    expect(runtime.registerRemotes.mock.calls).toEqual([
      [[{ name: 'organiser', entry: '/remotes/organiser/mf-manifest.json' }], { force: false }],
      [[{ name: 'email', entry: '/remotes/email/mf-manifest.json' }], { force: false }],
    ]);
    expect(store.getState().registry?.map((m) => m.id)).toEqual(['organiser', 'email']);
    expect(store.getState().states).toEqual({
      organiser: { status: 'ready', module: modules.organiser },
      email: { status: 'ready', module: modules.email },
    });
  });

  it('marks a remote failed, and keeps the others, when it cannot load, returns nothing or exposes no module', async () => {
    const { store, runtime } = await load({
      registry: [
        entry('organiser', ['/']),
        entry('email', ['/email']),
        entry('social', ['/social']),
        entry('travel', ['/travel']),
        entry('website', ['/website']),
      ],
    });
    const unreachable = new Error('manifest 502');
    runtime.loadRemote.mockImplementation(async (name: string) => {
      if (name === 'email/module') return { [REMOTE_LOAD_FAILED]: true, error: unreachable };
      if (name === 'social/module') return undefined;
      if (name === 'travel/module') return { default: { id: 'travel' } };
      if (name === 'website/module') throw new Error('script error');
      return moduleOf('organiser', ['/']);
    });

    await store.getState().load();

    expect(statuses(store)).toEqual({
      organiser: 'ready',
      email: 'failed',
      social: 'failed',
      travel: 'failed',
      website: 'failed',
    });
    const { states } = store.getState();
    expect(states.email).toEqual({ status: 'failed', error: unreachable });
    expect(states.social).toEqual({ status: 'failed', error: new Error('Remote "social" returned nothing') });
    expect(states.travel).toEqual({ status: 'failed', error: new Error('Remote "travel" exposes no module') });
    expect(states.website).toEqual({ status: 'failed', error: new Error('script error') });
  });

  it('lists locked modules, and none when that endpoint fails', async () => {
    const locked: LockedModuleEntry[] = [
      { id: 'research', title: 'Research', routes: ['/research'], reason: 'plan', requiredPlan: 'premium' },
    ];
    const withLocked = await load({ registry: [], locked });
    await withLocked.store.getState().load();
    expect(withLocked.store.getState().locked).toEqual(locked);

    const failing = await load({ registry: [entry('organiser', ['/'])], locked: { status: 500 } });
    failing.runtime.loadRemote.mockResolvedValue(moduleOf('organiser', ['/']));
    await failing.store.getState().load();
    expect(failing.store.getState().locked).toEqual([]);
    expect(failing.store.getState().registryError).toBeNull();
    expect(statuses(failing.store)).toEqual({ organiser: 'ready' });
  });

  it('shows the error when the first registry read fails, and clears it once a read succeeds', async () => {
    const { store, runtime, api } = await load({ registry: { status: 503 } });
    await store.getState().load();
    expect(store.getState().registry).toBeNull();
    expect(String(store.getState().registryError)).toContain('503');

    api.registry = [entry('organiser', ['/'])];
    runtime.loadRemote.mockResolvedValue(moduleOf('organiser', ['/']));
    await store.getState().load();
    expect(store.getState().registryError).toBeNull();
    expect(statuses(store)).toEqual({ organiser: 'ready' });
  });

  it('keeps what is on screen when a background refresh fails', async () => {
    const { store, runtime, api } = await load({ registry: [entry('organiser', ['/'])] });
    runtime.loadRemote.mockResolvedValue(moduleOf('organiser', ['/']));
    await store.getState().load();
    const before = store.getState().registry;

    api.registry = { status: 500 };
    await store.getState().refresh();
    expect(store.getState().registryError).toBeNull();
    expect(store.getState().registry).toBe(before);
  });

  it('on refresh, loads a newly listed module, leaves loaded ones alone and keeps an unchanged list as it was', async () => {
    const { store, runtime, api } = await load({ registry: [entry('organiser', ['/'])] });
    runtime.loadRemote.mockImplementation(async (name: string) =>
      moduleOf(name.split('/')[0], [`/${name.split('/')[0]}`]),
    );
    await store.getState().load();
    const first = store.getState().registry;

    await store.getState().refresh();
    expect(store.getState().registry).toBe(first); // nothing changed: no re-render of the frame
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);

    api.registry = [entry('organiser', ['/']), entry('email', ['/email'])];
    await store.getState().refresh();
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'email', entry: '/remotes/email/mf-manifest.json' }],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(statuses(store)).toEqual({ organiser: 'ready', email: 'ready' });
  });

  it('hides a module dropped from the registry but keeps it loaded, so listing it again needs no reload', async () => {
    const { store, runtime, api } = await load({ registry: [entry('organiser', ['/']), entry('email', ['/email'])] });
    runtime.loadRemote.mockImplementation(async (name: string) => moduleOf(name.split('/')[0], ['/x']));
    await store.getState().load();

    api.registry = [entry('organiser', ['/'])];
    await store.getState().refresh();
    expect(store.getState().registry?.map((m) => m.id)).toEqual(['organiser']);
    expect(statuses(store)).toEqual({ organiser: 'ready', email: 'ready' });

    api.registry = [entry('organiser', ['/']), entry('email', ['/email'])];
    await store.getState().refresh();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('re-registers a module whose manifest an admin has moved, replacing the old entry', async () => {
    const { store, runtime, api } = await load({ registry: [entry('email', ['/email'])] });
    runtime.loadRemote.mockResolvedValue(moduleOf('email', ['/email']));
    await store.getState().load();

    api.registry = [entry('email', ['/email'], 'https://cdn.example.test/email/v2/mf-manifest.json')];
    await store.getState().refresh();
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'email', entry: 'https://cdn.example.test/email/v2/mf-manifest.json' }],
      {
        force: true,
      },
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('reads the registry once for reads that overlap (quick navigations, StrictMode)', async () => {
    const { store, runtime, gets } = await load({ registry: [entry('organiser', ['/'])] });
    runtime.loadRemote.mockResolvedValue(moduleOf('organiser', ['/']));
    await Promise.all([store.getState().load(), store.getState().refresh(), store.getState().refresh()]);
    expect(gets.filter((url) => url === REGISTRY_URL)).toHaveLength(1);
    await store.getState().refresh();
    expect(gets.filter((url) => url === REGISTRY_URL)).toHaveLength(2);
  });

  it('retries a failed module from scratch, and shows it loading meanwhile', async () => {
    const { store, runtime } = await load({ registry: [entry('email', ['/email'])] });
    runtime.loadRemote.mockResolvedValueOnce({ [REMOTE_LOAD_FAILED]: true, error: new Error('offline') });
    await store.getState().load();
    expect(statuses(store)).toEqual({ email: 'failed' });

    const module = moduleOf('email', ['/email']);
    let finish!: (value: RemoteModule) => void;
    runtime.loadRemote.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const retrying = store.getState().retry('email');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(statuses(store)).toEqual({ email: 'loading' });
    // force: the runtime drops its cached failed entry and fetches the manifest again.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'email', entry: '/remotes/email/mf-manifest.json' }],
      { force: true },
    );
    finish(module);
    await retrying;
    expect(store.getState().states.email).toEqual({ status: 'ready', module });
  });

  it('retries a module from the new manifest an admin has pointed it at', async () => {
    const { store, runtime, api } = await load({ registry: [entry('email', ['/email'])] });
    runtime.loadRemote.mockResolvedValueOnce({ [REMOTE_LOAD_FAILED]: true, error: new Error('broken build') });
    await store.getState().load();

    api.registry = [entry('email', ['/email'], '/remotes/email-fixed/mf-manifest.json')];
    runtime.loadRemote.mockResolvedValue(moduleOf('email', ['/email']));
    await store.getState().retry('email');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'email', entry: '/remotes/email-fixed/mf-manifest.json' }],
      { force: true },
    );
    // Loaded once by the registry read; not a second time.
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(statuses(store)).toEqual({ email: 'ready' });
  });

  describe('with descriptions (aide-module.json beside the manifest)', () => {
    const description = (id: string, routes: string[]): ModuleDescription => ({
      id,
      version: '2.0.0',
      routes,
      nav: routes.map((path) => ({ path, label: { en: `${id} ${path}` } })),
      widgets: [],
      slots: [],
    });

    it('describes each remote from its file and loads none of their code at start', async () => {
      const described = {
        organiser: description('organiser', ['/', '/tasks']),
        email: description('email', ['/email']),
      };
      const { store, runtime, gets } = await load({
        registry: [entry('organiser', ['/', '/tasks']), entry('email', ['/email'])],
        descriptions: described,
      });

      await store.getState().load();

      expect(gets).toContain('http://localhost/remotes/organiser/aide-module.json');
      expect(runtime.loadRemote).not.toHaveBeenCalled();
      expect(store.getState().states).toEqual({
        organiser: { status: 'described', description: described.organiser },
        email: { status: 'described', description: described.email },
      });
    });

    it('takes the description the registry carries without asking for the file, and asks when it carries none', async () => {
      const organiser = description('organiser', ['/', '/tasks']);
      const email = description('email', ['/email']);
      const { store, runtime, gets } = await load({
        registry: [{ ...entry('organiser', ['/', '/tasks']), description: organiser }, entry('email', ['/email'])],
        descriptions: { email },
      });

      await store.getState().load();

      expect(gets).not.toContain('http://localhost/remotes/organiser/aide-module.json');
      expect(gets).toContain('http://localhost/remotes/email/aide-module.json');
      expect(runtime.loadRemote).not.toHaveBeenCalled();
      expect(store.getState().states).toEqual({
        organiser: { status: 'described', description: organiser },
        email: { status: 'described', description: email },
      });
    });

    it("asks for the file when the registry's description is another module's", async () => {
      const organiser = description('organiser', ['/']);
      const { store, gets } = await load({
        registry: [{ ...entry('organiser', ['/']), description: description('email', ['/email']) }],
        descriptions: { organiser },
      });

      await store.getState().load();

      expect(gets).toContain('http://localhost/remotes/organiser/aide-module.json');
      expect(store.getState().states).toEqual({ organiser: { status: 'described', description: organiser } });
    });

    it('loads a described remote once when its parts ask (ensure), however many ask at once', async () => {
      const described = description('email', ['/email']);
      const { store, runtime } = await load({
        registry: [entry('email', ['/email'])],
        descriptions: { email: described },
      });
      await store.getState().load();
      const module = moduleOf('email', ['/email']);
      let finish!: (m: RemoteModule) => void;
      runtime.loadRemote.mockReturnValue(new Promise((resolve) => (finish = resolve)));

      const first = store.getState().ensure('email');
      const second = store.getState().ensure('email');
      finish(module);

      expect(await first).toEqual({ status: 'ready', module, description: described });
      expect(await second).toBe(await first);
      expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
      expect(runtime.loadRemote).toHaveBeenCalledWith('email/module');
      expect(store.getState().states.email).toEqual({ status: 'ready', module, description: described });
      // Loaded: asking again loads nothing more.
      await store.getState().ensure('email');
      expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    });

    it("keeps a described remote's failure with its description, so Retry can load it again", async () => {
      const described = description('email', ['/email']);
      const { store, runtime } = await load({
        registry: [entry('email', ['/email'])],
        descriptions: { email: described },
      });
      await store.getState().load();
      const broken = new Error('script error');
      runtime.loadRemote.mockRejectedValueOnce(broken);

      expect(await store.getState().ensure('email')).toEqual({
        status: 'failed',
        error: broken,
        description: described,
      });

      const module = moduleOf('email', ['/email']);
      runtime.loadRemote.mockResolvedValue(module);
      await store.getState().retry('email');
      expect(store.getState().states.email).toEqual({ status: 'ready', module, description: described });
    });

    it('registers a described remote at the entry script its description names, so no manifest is read first', async () => {
      const email = { ...description('email', ['/email']), entry: 'static/js/email.1a2b3c4d5e.js' };
      const travel = { ...description('travel', ['/travel']), entry: 'static/js/travel.0f9e8d7c6b.js' };
      const { store, runtime } = await load({
        registry: [
          { ...entry('email', ['/email']), description: email },
          // Served from elsewhere: the entry is beside that manifest, on that origin.
          {
            ...entry('travel', ['/travel'], 'https://cdn.example.test/travel/v2/mf-manifest.json'),
            description: travel,
          },
        ],
      });

      await store.getState().load();

      expect(runtime.registerRemotes.mock.calls).toEqual([
        [[{ name: 'email', entry: 'http://localhost/remotes/email/static/js/email.1a2b3c4d5e.js' }], { force: false }],
        [
          [{ name: 'travel', entry: 'https://cdn.example.test/travel/v2/static/js/travel.0f9e8d7c6b.js' }],
          { force: false },
        ],
      ]);
      expect(statuses(store)).toEqual({ email: 'described', travel: 'described' });
    });

    it("registers the entry script again on Retry, and a new build's entry when the description changed", async () => {
      const first = { ...description('email', ['/email']), entry: 'static/js/email.1111111111.js' };
      const { store, runtime, api } = await load({
        registry: [entry('email', ['/email'])],
        descriptions: { email: first },
      });
      await store.getState().load();
      runtime.loadRemote.mockRejectedValueOnce(new Error('script error'));
      await store.getState().ensure('email');
      expect(statuses(store)).toEqual({ email: 'failed' });

      // The remote's team deploys a fixed build: a new entry script beside the same manifest.
      api.descriptions = { email: { ...first, entry: 'static/js/email.2222222222.js' } };
      runtime.loadRemote.mockResolvedValue(moduleOf('email', ['/email']));
      await store.getState().retry('email');

      // force: the runtime drops the failed entry it kept.
      expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
        [{ name: 'email', entry: 'http://localhost/remotes/email/static/js/email.2222222222.js' }],
        { force: true },
      );
      expect(statuses(store)).toEqual({ email: 'ready' });
    });

    it('does not follow an entry that leaves its build: the description is not used, the manifest is', async () => {
      const { store, runtime } = await load({
        registry: [entry('email', ['/email']), entry('social', ['/social'])],
        descriptions: {
          email: { ...description('email', ['/email']), entry: 'https://elsewhere.example.test/x.js' },
          social: { ...description('social', ['/social']), entry: '../organiser/static/js/organiser.js' },
        },
      });
      runtime.loadRemote.mockImplementation(async (name: string) => moduleOf(name.split('/')[0], ['/x']));

      await store.getState().load();

      expect(runtime.registerRemotes.mock.calls).toEqual([
        [[{ name: 'email', entry: '/remotes/email/mf-manifest.json' }], { force: false }],
        [[{ name: 'social', entry: '/remotes/social/mf-manifest.json' }], { force: false }],
      ]);
      expect(statuses(store)).toEqual({ email: 'ready', social: 'ready' });
    });

    it("loads a remote's code at once when its description is missing, not JSON, or another module's", async () => {
      const { store, runtime } = await load({
        registry: [entry('organiser', ['/']), entry('email', ['/email']), entry('social', ['/social'])],
        // organiser: none (404); email: an HTML page where the file should be; social: another id.
        descriptions: { email: '<!doctype html>', social: description('travel', ['/travel']) },
      });
      runtime.loadRemote.mockImplementation(async (name: string) => moduleOf(name.split('/')[0], ['/x']));

      await store.getState().load();

      expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
      expect(statuses(store)).toEqual({ organiser: 'ready', email: 'ready', social: 'ready' });
    });
  });
});
