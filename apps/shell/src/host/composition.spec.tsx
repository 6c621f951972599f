/**
 * @jest-environment jsdom
 */
import { act, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, endpointUrl, queryKeyOf } from '@aide/api-client';
import {
  type ModuleRegistryEntry,
  moduleRegistryEndpoints,
  PROFILE_DEFAULTS,
  type Profile,
  profileEndpoints,
} from '@aide/contracts';
import type { DashboardHost, DashboardWidget, ModuleDescription, RemoteModule, SlotFill } from '@aide/module-kit';
import { useRemoteModules, type ModuleState } from '../federation/remote-modules';
import { arrangeWidgets } from './composition';
import { ModuleSlot } from './ModuleParts';
import { useDashboardHost } from './useDashboardHost';

// The store imports the federation runtime; these tests set the store's state themselves.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const entry = (id: string): ModuleRegistryEntry => ({
  id,
  title: `${id[0].toUpperCase()}${id.slice(1)} Module`,
  routes: [`/${id}`],
  manifestUrl: `/remotes/${id}/mf-manifest.json`,
});

const ready = (id: string, parts: Pick<RemoteModule, 'widgets' | 'slots'>): ModuleState => ({
  status: 'ready',
  module: { id, version: '1.0.0', routes: [], nav: [], ...parts },
});

const text = (content: string): ComponentType<Record<string, unknown>> =>
  function Text(props) {
    return <p>{[content, ...Object.values(props)].join(' ')}</p>;
  };

function Throws(): never {
  throw new Error('widget bug');
}

const widget = (id: string, order: number, Component: ComponentType = text(`${id} card`)): DashboardWidget => ({
  id,
  title: `${id[0].toUpperCase()}${id.slice(1)} card`,
  size: 'half',
  order,
  Component,
});

const fill = (label: string, order?: number, Component = text(label)): SlotFill => ({
  slot: 'calendar.integrations',
  order,
  Component,
});

function listModules(modules: Record<string, Pick<RemoteModule, 'widgets' | 'slots'>>) {
  act(() =>
    useRemoteModules.setState({
      registry: Object.keys(modules).map(entry),
      states: Object.fromEntries(Object.entries(modules).map(([id, parts]) => [id, ready(id, parts)])),
    }),
  );
}

let root: Root | null = null;
let container: HTMLElement;
function render(ui: ReactNode) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root!.render(ui));
  return container;
}

/** Lets react-query deliver its batched cache notifications (it schedules them on a timer). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const paragraphs = () => [...container.querySelectorAll('p')].map((p) => p.textContent);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  useRemoteModules.setState({ registry: null, states: {} });
  jest.restoreAllMocks();
});

describe('HostApi.Slot', () => {
  it("renders every listed module's fill for the slot, by order, with the slot's props", () => {
    listModules({
      email: { slots: [fill('email panel', 20)] },
      travel: { slots: [fill('travel panel')] },
      notes: { slots: [fill('notes panel', 5)] },
    });
    render(<ModuleSlot name="calendar.integrations" props={{ calendarId: 'cal-1' }} />);
    expect(paragraphs()).toEqual(['notes panel cal-1', 'email panel cal-1', 'travel panel cal-1']);
  });

  it('shows a failing fill as a small warning with Retry, and the other fills still render', () => {
    listModules({
      email: { slots: [fill('email panel', 10, Throws)] },
      notes: { slots: [fill('notes panel', 20)] },
    });
    render(<ModuleSlot name="calendar.integrations" />);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Email Module could not be shown here');
    expect(container.querySelector('button')?.textContent).toBe('Retry');
    expect(paragraphs()).toEqual(['notes panel']);
  });

  it("Retry loads the fill's module afresh: a fixed build shows in place of the warning", async () => {
    listModules({ email: { slots: [fill('email panel', 10, Throws)] } });
    const registry = useRemoteModules.getState().registry;
    globalThis.fetch = jest.fn(async (url: string) => {
      const body = url === endpointUrl(moduleRegistryEndpoints.list) ? registry : [];
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) } as Response;
    }) as unknown as typeof fetch;
    const runtime = jest.requireMock('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock };
    runtime.loadRemote.mockResolvedValue({
      default: { id: 'email', version: '1.0.1', routes: [], nav: [], slots: [fill('fixed email panel')] },
    });
    render(<ModuleSlot name="calendar.integrations" />);

    await act(async () => container.querySelector('button')!.click());
    for (let i = 0; i < 20 && paragraphs().length === 0; i++) await settle();
    expect(paragraphs()).toEqual(['fixed email panel']);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('renders nothing when no module fills the slot', () => {
    listModules({ email: { widgets: [widget('insights', 1)] }, notes: {} });
    render(<ModuleSlot name="calendar.integrations" />);
    expect(container.innerHTML).toBe('');
  });

  it('drops the fill of a module the registry stops listing (an admin switched it off)', () => {
    listModules({ email: { slots: [fill('email panel')] }, notes: { slots: [fill('notes panel')] } });
    render(<ModuleSlot name="calendar.integrations" />);
    expect(paragraphs()).toEqual(['email panel', 'notes panel']);

    act(() => useRemoteModules.setState((s) => ({ registry: s.registry!.filter((m) => m.id !== 'email') })));
    expect(paragraphs()).toEqual(['notes panel']);
  });
});

describe('arrangeWidgets', () => {
  const keys = (...list: string[]) => list.map((key) => ({ key }));
  const arranged = (widgets: { key: string }[], layout: Parameters<typeof arrangeWidgets>[1]) => {
    const { all, visible, hidden } = arrangeWidgets(widgets, layout);
    return { all: all.map((w) => w.key), visible: visible.map((w) => w.key), hidden };
  };

  it('keeps the default order when nothing is saved', () => {
    expect(arranged(keys('a.x', 'b.y', 'c.z'), null)).toEqual({
      all: ['a.x', 'b.y', 'c.z'],
      visible: ['a.x', 'b.y', 'c.z'],
      hidden: [],
    });
  });

  it('puts the saved order first, then widgets it does not name by default order, and skips gone ones', () => {
    const layout = { order: ['c.z', 'gone.w', 'a.x'], hidden: ['a.x'] };
    expect(arranged(keys('a.x', 'new.n', 'b.y', 'c.z'), layout)).toEqual({
      all: ['c.z', 'a.x', 'new.n', 'b.y'],
      visible: ['c.z', 'new.n', 'b.y'],
      hidden: ['a.x'],
    });
  });
});

describe('HostApi.dashboard', () => {
  const profile = (dashboardLayout: { order: string[]; hidden: string[] } | null = null): Profile => ({
    ...PROFILE_DEFAULTS,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.test',
    profileImageUrl: null,
    bio: null,
    location: null,
    dashboardLayout,
  });

  /** Renders what a dashboard would: the visible widgets, each through its Render. */
  function renderDashboard(client: QueryClient) {
    const seen: { current?: DashboardHost } = {};
    function Dashboard({ onDashboard }: { onDashboard: (dashboard: DashboardHost) => void }) {
      const dashboard = useDashboardHost();
      useEffect(() => {
        onDashboard(dashboard);
      });
      return dashboard.visible.map(({ key, Render }) => <Render key={key} />);
    }
    render(
      <QueryClientProvider client={client}>
        <Dashboard onDashboard={(dashboard) => (seen.current = dashboard)} />
      </QueryClientProvider>,
    );
    return seen as { current: DashboardHost };
  }

  function clientWith(profileData: Profile) {
    const client = createQueryClient();
    client.setQueryData(queryKeyOf(profileEndpoints.get), profileData);
    return client;
  }

  it("lists every module's widgets by default order, keyed by module", () => {
    listModules({
      organiser: { widgets: [widget('schedule', 10), widget('tasks', 30)] },
      email: { widgets: [widget('insights', 20)] },
    });
    const dashboard = renderDashboard(clientWith(profile()));
    expect(dashboard.current.visible.map((w) => [w.key, w.moduleId, w.title])).toEqual([
      ['organiser.schedule', 'organiser', 'Schedule card'],
      ['email.insights', 'email', 'Insights card'],
      ['organiser.tasks', 'organiser', 'Tasks card'],
    ]);
    expect(paragraphs()).toEqual(['schedule card', 'insights card', 'tasks card']);
    expect(dashboard.current.hidden).toEqual([]);
  });

  it('follows the saved layout: its order first, hidden ones left out, a new widget at its default place after', () => {
    listModules({
      organiser: { widgets: [widget('schedule', 10), widget('tasks', 30)] },
      email: { widgets: [widget('insights', 20)] },
      notes: { widgets: [widget('recent', 5)] },
    });
    const layout = { order: ['organiser.tasks', 'email.insights', 'organiser.schedule'], hidden: ['email.insights'] };
    const dashboard = renderDashboard(clientWith(profile(layout)));
    expect(dashboard.current.all.map((w) => w.key)).toEqual([
      'organiser.tasks',
      'email.insights',
      'organiser.schedule',
      'notes.recent',
    ]);
    expect(paragraphs()).toEqual(['tasks card', 'schedule card', 'recent card']);
    expect(dashboard.current.hidden).toEqual(['email.insights']);
  });

  it("shows a throwing widget's fallback card with Retry, and the other widgets render", () => {
    listModules({
      organiser: { widgets: [widget('schedule', 10)] },
      email: { widgets: [widget('insights', 20, Throws)] },
    });
    renderDashboard(clientWith(profile()));
    expect(container.textContent).toContain('Insights card could not be shown');
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Retry']);
    expect(paragraphs()).toEqual(['schedule card']);
  });

  it('takes a switched-off module’s widgets away', () => {
    listModules({ organiser: { widgets: [widget('schedule', 10)] }, email: { widgets: [widget('insights', 20)] } });
    renderDashboard(clientWith(profile()));
    act(() => useRemoteModules.setState((s) => ({ registry: s.registry!.filter((m) => m.id !== 'email') })));
    expect(paragraphs()).toEqual(['schedule card']);
  });

  it('saves the layout with PATCH /api/profile and rearranges from the saved profile', async () => {
    listModules({ organiser: { widgets: [widget('schedule', 10), widget('tasks', 30)] } });
    const layout = { order: ['organiser.tasks', 'organiser.schedule'], hidden: [] };
    const patches: { url: string; method?: string; body: unknown }[] = [];
    globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      patches.push({ url, method: init?.method, body: JSON.parse(String(init?.body)) });
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(profile(layout)) } as Response;
    }) as unknown as typeof fetch;
    const client = clientWith(profile());
    const dashboard = renderDashboard(client);
    expect(paragraphs()).toEqual(['schedule card', 'tasks card']);

    await act(() => dashboard.current.saveLayout(layout));
    await settle();
    expect(patches).toEqual([
      { url: endpointUrl(profileEndpoints.update), method: 'PATCH', body: { dashboardLayout: layout } },
    ]);
    expect(paragraphs()).toEqual(['tasks card', 'schedule card']);
    expect(client.getQueryData(queryKeyOf(profileEndpoints.get))).toEqual(profile(layout));
  });

  it('rearranges at once while saving, and puts the old layout back when saving fails', async () => {
    listModules({ organiser: { widgets: [widget('schedule', 10), widget('tasks', 30)] } });
    let fail!: () => void;
    globalThis.fetch = jest.fn(
      () =>
        new Promise<Response>((resolve) => {
          fail = () =>
            resolve({
              ok: false,
              status: 500,
              statusText: 'Internal Server Error',
              text: async () => '{"message":"Database unavailable"}',
            } as Response);
        }),
    ) as unknown as typeof fetch;
    const dashboard = renderDashboard(clientWith(profile()));

    const saving = dashboard.current.saveLayout({ order: ['organiser.tasks', 'organiser.schedule'], hidden: [] });
    await settle();
    expect(paragraphs()).toEqual(['tasks card', 'schedule card']);

    fail();
    await expect(saving).rejects.toThrow('500');
    await settle();
    expect(paragraphs()).toEqual(['schedule card', 'tasks card']);
  });
});

describe('a described module (its code not loaded yet)', () => {
  const description: ModuleDescription = {
    id: 'email',
    version: '2.0.0',
    routes: ['/email'],
    nav: [],
    widgets: [{ id: 'insights', title: { en: 'Email insights', de: 'E-Mail-Einblicke' }, size: 'half', order: 40 }],
    slots: [{ slot: 'calendar.integrations' }],
  };
  const loaded = ready('email', { widgets: [widget('insights', 40)], slots: [fill('email accounts')] });
  const realEnsure = useRemoteModules.getState().ensure;
  afterEach(() => useRemoteModules.setState({ ensure: realEnsure }));

  /** The store with email described; `ensure` answers as the federation store would once the code is in. */
  function describeEmail() {
    const ensure = jest.fn(async (id: string) => {
      const state = { ...loaded, description } as ModuleState;
      useRemoteModules.setState((s) => ({ states: { ...s.states, [id]: state } }));
      return state;
    });
    act(() =>
      useRemoteModules.setState({
        registry: [entry('email')],
        states: { email: { status: 'described', description } },
        ensure,
      }),
    );
    return ensure;
  }

  it('lists its widgets from the description, and loads its code when one renders', async () => {
    const ensure = describeEmail();
    const seen: { current?: DashboardHost } = {};
    function Dashboard() {
      const dashboard = useDashboardHost();
      useEffect(() => {
        seen.current = dashboard;
      });
      return dashboard.visible.map(({ key, Render }) => <Render key={key} />);
    }
    const client = createQueryClient();
    client.setQueryData(queryKeyOf(profileEndpoints.get), null);
    render(
      <QueryClientProvider client={client}>
        <Dashboard />
      </QueryClientProvider>,
    );
    expect(seen.current?.all.map((w) => [w.key, w.title, w.size])).toEqual([
      ['email.insights', 'Email insights', 'half'],
    ]);
    await settle();
    await settle();
    expect(ensure).toHaveBeenCalledWith('email');
    expect(paragraphs()).toEqual(['insights card']);
  });

  it('fills a slot from the description, loading the code when the slot renders', async () => {
    const ensure = describeEmail();
    // Described is not loaded: nothing asks for the code until the slot renders.
    expect(ensure).not.toHaveBeenCalled();
    render(<ModuleSlot name="calendar.integrations" props={{ date: 'today' }} />);
    await settle();
    await settle();
    expect(ensure).toHaveBeenCalledWith('email');
    expect(paragraphs()).toEqual(['email accounts today']);
  });
});
