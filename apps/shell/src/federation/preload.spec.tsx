/** @jest-environment jsdom */
import '../test-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@aide/api-client';
import type { ModuleRegistryEntry } from '@aide/contracts';
import type { ModuleDescription } from '@aide/module-kit';
import { act, cleanup, mockFetch, render, route } from '@aide/testing';
import { useDashboardPart } from '@aide/ui';
import { loadFirstScreen, preloadScreen, usePreloadWhenIdle } from './preload';
import { useRemoteModules, type ModuleState } from './remote-modules';

// The store imports the federation runtime; these tests replace `ensure`, which would call it.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const entry = (id: string): ModuleRegistryEntry => ({
  id,
  title: id,
  routes: [`/${id}`],
  manifestUrl: `/remotes/${id}/mf-manifest.json`,
});
const description = (id: string, routes: string[], widgets = 0): ModuleDescription => ({
  id,
  version: '1',
  routes,
  nav: [],
  widgets: Array.from({ length: widgets }, (_, i) => ({ id: `w${i}`, title: { en: 'Card' }, size: 'half', order: i })),
  slots: [],
});
const described = { status: 'described', description: description('any', []) } satisfies ModuleState;

/** The browser's idle callbacks, run when the test says the browser is idle. */
let idle: Array<() => void> = [];
const browserIdles = () =>
  act(async () => {
    const due = idle;
    idle = [];
    for (const callback of due) callback();
    await Promise.resolve();
  });

function Preloads() {
  usePreloadWhenIdle(true);
  return null;
}

let ensured: string[];
let queryClient: QueryClient;
beforeEach(() => {
  idle = [];
  ensured = [];
  Object.assign(window, {
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    cancelIdleCallback: () => undefined,
  });
  queryClient = createQueryClient();
  act(() =>
    useRemoteModules.setState({
      registry: [entry('documents'), entry('travel')],
      states: { documents: described, travel: described },
      ensure: async (id: string) => {
        ensured.push(id);
        const state: ModuleState = { status: 'ready', module: { id, version: '1', routes: [], nav: [] } };
        useRemoteModules.setState((s) => ({ states: { ...s.states, [id]: state } }));
        return state;
      },
    }),
  );
});
afterEach(() => {
  cleanup();
  useRemoteModules.setState({ registry: null, states: {} });
});

describe('usePreloadWhenIdle', () => {
  it("waits for the first screen's data, then loads each described module in its own idle period", async () => {
    let answer!: (value: unknown) => void;
    void queryClient.prefetchQuery({
      queryKey: ['dashboard'],
      queryFn: () => new Promise((resolve) => (answer = resolve)),
    });
    render(
      <QueryClientProvider client={queryClient}>
        <Preloads />
      </QueryClientProvider>,
    );

    // The dashboard's data is still on its way: an idle browser loads nothing yet.
    await browserIdles();
    expect(ensured).toEqual([]);

    await act(async () => answer({ greeting: 'Hello' }));
    await browserIdles();
    expect(ensured).toEqual(['documents']);
    await browserIdles();
    expect(ensured).toEqual(['documents', 'travel']);
  });

  it('waits while a module the screen asked for is still loading', async () => {
    act(() => useRemoteModules.setState((s) => ({ states: { ...s.states, organiser: { status: 'loading' } } })));
    render(
      <QueryClientProvider client={queryClient}>
        <Preloads />
      </QueryClientProvider>,
    );
    await browserIdles();
    expect(ensured).toEqual([]);

    act(() =>
      useRemoteModules.setState((s) => ({
        states: {
          ...s.states,
          organiser: { status: 'ready', module: { id: 'organiser', version: '1', routes: [], nav: [] } },
        },
      })),
    );
    await browserIdles();
    expect(ensured).toEqual(['documents']);
  });
});

describe('loadFirstScreen', () => {
  beforeEach(() =>
    act(() =>
      useRemoteModules.setState((s) => ({
        registry: [{ ...entry('organiser'), routes: ['/', '/tasks', '/calendar'] }, entry('email'), entry('documents')],
        states: {
          organiser: { status: 'described', description: description('organiser', ['/', '/tasks', '/calendar'], 3) },
          email: { status: 'described', description: description('email', ['/email'], 1) },
          documents: { status: 'described', description: description('documents', ['/documents']) },
        },
        ensure: s.ensure,
      })),
    ),
  );

  it("on the dashboard, starts the dashboard's module and every module with a card, and no other", () => {
    loadFirstScreen('/', queryClient);
    expect(ensured.sort()).toEqual(['email', 'organiser']);
  });

  it('on the dashboard, puts its answer in the query cache, so a card draws its data in its first render', async () => {
    const { calls } = mockFetch(route('GET /api/dashboard', { body: { modules: { organiser: { dueToday: 3 } } } }));
    // The mocked fetch answers at once: the answer is in when the promises have run.
    await act(async () => loadFirstScreen('/', queryClient));
    expect(calls.map((call) => call.url)).toEqual(['/api/dashboard']);

    const firstRenders: unknown[] = [];
    function Card() {
      const part = useDashboardPart('organiser', { parse: (input) => input as { dueToday: number } });
      firstRenders.push(part.data);
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Card />
      </QueryClientProvider>,
    );
    expect(firstRenders[0]).toEqual({ dueToday: 3 });
  });

  it("asks for the dashboard's answer only on the dashboard, and only when a module has a card", async () => {
    const { calls } = mockFetch();
    loadFirstScreen('/calendar/2030-11-20', queryClient);
    // The dashboard's module without a card (all switched off), and a module without one either.
    act(() =>
      useRemoteModules.setState((s) => ({
        registry: s.registry?.filter((e) => e.id !== 'email') ?? null,
        states: {
          organiser: { status: 'described', description: description('organiser', ['/', '/tasks', '/calendar']) },
          documents: s.states.documents,
        },
      })),
    );
    loadFirstScreen('/', queryClient);
    await act(async () => undefined);
    expect(calls.filter((call) => call.url.endsWith('/api/dashboard'))).toEqual([]);
  });

  it("elsewhere, starts only the module that owns the page's path", () => {
    loadFirstScreen('/calendar/2030-11-20', queryClient);
    expect(ensured).toEqual(['organiser']);
    ensured = [];
    loadFirstScreen('/documents', queryClient);
    expect(ensured).toEqual(['documents']);
  });

  it('starts nothing for a path no module owns', () => {
    loadFirstScreen('/profile', queryClient);
    expect(ensured).toEqual([]);
  });

  it("then starts the code of the page's own screen, once its module is in, and no other screen's", async () => {
    const preloaded: string[] = [];
    const routesOf = (id: string, paths: string[]) =>
      paths.map((path) => ({
        path,
        Component: () => null,
        preload: async () => void preloaded.push(`${id} ${path}`),
      }));
    const paths: Record<string, string[]> = {
      organiser: ['/', '/tasks', '/calendar'],
      email: ['/email'],
      documents: ['/documents'],
    };
    act(() =>
      useRemoteModules.setState({
        ensure: async (id: string) => ({
          status: 'ready',
          module: { id, version: '1', routes: routesOf(id, paths[id]), nav: [] },
        }),
      }),
    );

    await act(async () => loadFirstScreen('/calendar/2030-11-20', queryClient));
    expect(preloaded).toEqual(['organiser /calendar']);

    preloaded.length = 0;
    // On the dashboard, the modules with a card load, but only the dashboard's own screen.
    await act(async () => loadFirstScreen('/', queryClient));
    expect(preloaded).toEqual(['organiser /']);
  });

  it("leaves a screen whose code failed to the route's render", async () => {
    act(() =>
      useRemoteModules.setState({
        ensure: async (id: string) => ({
          status: 'ready',
          module: {
            id,
            version: '1',
            routes: [
              { path: '/documents', Component: () => null, preload: () => Promise.reject(new Error('offline')) },
            ],
            nav: [],
          },
        }),
      }),
    );
    // No unhandled rejection: the failure is the render's to show (with Retry).
    await expect(act(async () => loadFirstScreen('/documents', queryClient))).resolves.toBeUndefined();
  });
});

describe('preloadScreen', () => {
  it("loads the module that owns the path, then that screen's own code; nothing for the shell's pages", async () => {
    const screens: string[] = [];
    const route = (path: string) => ({ path, Component: () => null, preload: async () => void screens.push(path) });
    act(() =>
      useRemoteModules.setState({
        registry: [{ ...entry('organiser'), routes: ['/', '/tasks'] }, entry('email')],
        states: {
          organiser: { status: 'described', description: description('organiser', ['/', '/tasks']) },
          email: { status: 'described', description: description('email', ['/email']) },
        },
        ensure: async (id: string) => {
          ensured.push(id);
          const state: ModuleState = {
            status: 'ready',
            module: { id, version: '1', routes: [route('/'), route('/tasks')], nav: [] },
          };
          return state;
        },
      }),
    );
    preloadScreen('/tasks?new=1');
    preloadScreen('/profile');
    await act(async () => {});
    expect(ensured).toEqual(['organiser']);
    expect(screens).toEqual(['/tasks']);
  });
});
