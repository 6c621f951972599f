import type { ModuleRegistryEntry } from '@aide/contracts';
import type { RemoteModule } from '@aide/module-kit';
import type { ModuleState } from '../federation/remote-modules';
import { loadingModuleCount, navItemsOf } from './useNavItems';

const entry = (id: string, title: string, routes: string[]): ModuleRegistryEntry => ({
  id,
  title,
  routes,
  manifestUrl: `/remotes/${id}/mf-manifest.json`,
});
const ready = (nav: RemoteModule['nav']): ModuleState => ({
  status: 'ready',
  module: { id: 'x', version: '1', routes: [], nav },
});

/** What the sidebar lists, and how many placeholders it shows, for the store's registry and states. */
function sidebarFor({
  registry,
  states,
}: {
  registry: ModuleRegistryEntry[] | null;
  states: Record<string, ModuleState>;
}) {
  const items = navItemsOf(registry, states).map((i) => ({
    path: i.path,
    label: i.label,
    ...(i.failed ? { failed: true } : {}),
  }));
  return { items, loading: loadingModuleCount(registry, states) };
}

describe('the sidebar entries (navItemsOf, loadingModuleCount)', () => {
  it('shows one placeholder while the registry itself is loading', () => {
    expect(sidebarFor({ registry: null, states: {} })).toEqual({ items: [], loading: 1 });
  });

  it("lists the loaded modules' entries by their order, across modules", () => {
    const sidebar = sidebarFor({
      registry: [entry('email', 'Email', ['/email']), entry('organiser', 'Organiser', ['/', '/tasks'])],
      states: {
        email: ready([{ path: '/email', label: 'Email', order: 15 }]),
        organiser: ready([
          { path: '/', label: 'Dashboard', order: 10 },
          { path: '/tasks', label: 'Tasks', order: 20 },
        ]),
      },
    });
    expect(sidebar.items.map((i) => i.label)).toEqual(['Dashboard', 'Email', 'Tasks']);
    expect(sidebar.loading).toBe(0);
  });

  it('puts entries without an order after those with one', () => {
    const sidebar = sidebarFor({
      registry: [entry('website', 'Website', ['/website']), entry('organiser', 'Organiser', ['/'])],
      states: {
        website: ready([{ path: '/website', label: 'Website' }]),
        organiser: ready([{ path: '/', label: 'Dashboard', order: 10 }]),
      },
    });
    expect(sidebar.items.map((i) => i.label)).toEqual(['Dashboard', 'Website']);
  });

  it("gives a failed module one entry, to its first page other than '/', marked failed", () => {
    const sidebar = sidebarFor({
      registry: [entry('organiser', 'Organiser', ['/', '/tasks', '/calendar']), entry('email', 'Email', ['/'])],
      states: {
        organiser: { status: 'failed', error: new Error('offline') },
        email: { status: 'failed', error: new Error('offline') },
      },
    });
    expect(sidebar.items).toEqual([
      { path: '/tasks', label: 'Organiser', failed: true },
      { path: '/', label: 'Email', failed: true },
    ]);
  });

  it('counts the modules still loading, and leaves out modules no longer listed', () => {
    const sidebar = sidebarFor({
      registry: [
        entry('organiser', 'Organiser', ['/']),
        entry('email', 'Email', ['/email']),
        entry('travel', 'Travel', ['/travel']),
      ],
      states: {
        organiser: ready([{ path: '/', label: 'Dashboard', order: 10 }]),
        email: { status: 'loading' },
        // travel: not started yet; social: loaded earlier, since dropped from the registry.
        social: ready([{ path: '/social', label: 'Social', order: 1 }]),
      },
    });
    expect(sidebar).toEqual({ items: [{ path: '/', label: 'Dashboard' }], loading: 2 });
  });
});

describe('a described module (its code not loaded yet)', () => {
  const state: ModuleState = {
    status: 'described',
    description: {
      id: 'email',
      version: '2',
      routes: ['/email'],
      nav: [
        {
          path: '/email',
          label: { en: 'Email Manager', de: 'E-Mail' },
          icon: { name: 'mail', theme: 'outlined', icon: { tag: 'svg', attrs: {}, children: [] } },
          order: 40,
          badge: { queryKey: ['/api/emails/stats'], select: { field: 'unread' }, color: 'gold' },
        },
      ],
      widgets: [],
      slots: [],
    },
  };

  it('lists its entries from the description, in the language shown, with icon and badge', () => {
    const [item] = navItemsOf([entry('email', 'Email', ['/email'])], { email: state }, 'de');
    expect(item).toMatchObject({ path: '/email', label: 'E-Mail', order: 40, moduleId: 'email' });
    expect(item.icon).toBeTruthy();
    expect(item.badge?.queryKey).toEqual(['/api/emails/stats']);
    expect(item.badge?.color).toBe('gold');
    expect(item.badge?.select({ unread: 7 })).toBe(7);
    expect(navItemsOf([entry('email', 'Email', ['/email'])], { email: state }, 'ja')[0].label).toBe('Email Manager');
    // Described counts as known: no placeholder for it.
    expect(loadingModuleCount([entry('email', 'Email', ['/email'])], { email: state })).toBe(0);
  });

  it('keeps its described entries when its code then fails to load', () => {
    const failed: ModuleState = { status: 'failed', error: new Error('offline'), description: state.description };
    const items = navItemsOf([entry('email', 'Email', ['/email'])], { email: failed }, 'en');
    expect(items.map(({ path, label, failed: marked }) => ({ path, label, marked }))).toEqual([
      { path: '/email', label: 'Email Manager', marked: undefined },
    ]);
  });
});
