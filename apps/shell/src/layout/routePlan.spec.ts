import type { LockedModuleEntry, ModuleRegistryEntry } from '@aide/contracts';
import type { ModuleState } from '../federation/remote-modules';
import { planRoutes, type RoutePlan } from './routePlan';

const SHELL_PATHS = ['/profile', '/admin', '/verify-email', '/reset-password'];
const Screen = () => null;

const entry = (id: string, routes: string[]): ModuleRegistryEntry => ({
  id,
  title: id,
  routes,
  manifestUrl: `/remotes/${id}/mf-manifest.json`,
});
const ready = (...paths: string[]): ModuleState => ({
  status: 'ready',
  module: { id: 'x', version: '1', routes: paths.map((path) => ({ path, Component: Screen })), nav: [] },
});
const lockedEntry = (id: string, routes: string[]): LockedModuleEntry => ({
  id,
  title: id,
  routes,
  reason: 'plan',
  requiredPlan: 'premium',
});

/** What each path shows: '<module>: screen | loading | failed', and the locked paths and '/' redirect. */
function summary(plan: RoutePlan) {
  return {
    routes: Object.fromEntries(plan.routes.map((r) => [r.path, `${r.entry.id}: ${r.kind}`])),
    locked: plan.locked.map((l) => `${l.path} (${l.entry.id})`),
    redirectRootTo: plan.redirectRootTo,
  };
}

describe('planRoutes', () => {
  it("serves each loaded module's screens at their paths", () => {
    const plan = planRoutes(
      [entry('organiser', ['/', '/tasks']), entry('email', ['/email'])],
      { organiser: ready('/', '/tasks'), email: ready('/email') },
      [],
      SHELL_PATHS,
    );
    expect(summary(plan)).toEqual({
      routes: { '/': 'organiser: screen', '/tasks': 'organiser: screen', '/email': 'email: screen' },
      locked: [],
      redirectRootTo: undefined,
    });
    expect(plan.routes.every((r) => r.kind === 'screen' && r.Component === Screen)).toBe(true);
  });

  it('shows a spinner on the paths of a module still loading, and its fallback once it failed', () => {
    const plan = planRoutes(
      [entry('organiser', ['/', '/tasks']), entry('email', ['/email']), entry('travel', ['/travel'])],
      { organiser: { status: 'loading' }, email: { status: 'failed', error: new Error('offline') } },
      [],
      SHELL_PATHS,
    );
    expect(summary(plan).routes).toEqual({
      '/': 'organiser: loading',
      '/tasks': 'organiser: loading',
      '/email': 'email: failed',
      '/travel': 'travel: loading',
    });
  });

  it('gives a path to the first module that claims it, and never one of the shell’s own', () => {
    const plan = planRoutes(
      [entry('organiser', ['/tasks']), entry('rogue', ['/tasks', '/profile'])],
      { organiser: ready('/tasks'), rogue: ready('/tasks', '/profile', '/rogue') },
      [],
      SHELL_PATHS,
    );
    expect(summary(plan).routes).toEqual({ '/tasks': 'organiser: screen', '/rogue': 'rogue: screen' });
  });

  it('leaves a listed path to the 404 page when the loaded module does not serve it', () => {
    const plan = planRoutes([entry('organiser', ['/', '/calendar'])], { organiser: ready('/') }, [], SHELL_PATHS);
    expect(summary(plan).routes).toEqual({ '/': 'organiser: screen' });
  });

  it("sends '/' to the first module page when no module has a home page", () => {
    const plan = planRoutes(
      [entry('email', ['/email']), entry('travel', ['/travel'])],
      { email: ready('/email'), travel: ready('/travel') },
      [],
      SHELL_PATHS,
    );
    expect(plan.redirectRootTo).toBe('/email');
    expect(planRoutes([], {}, [], SHELL_PATHS).redirectRootTo).toBeUndefined();
  });

  it('explains the paths of locked modules instead of a 404, unless a usable module serves them', () => {
    const plan = planRoutes(
      [entry('email', ['/email'])],
      { email: ready('/email') },
      [
        lockedEntry('research', ['/research']),
        lockedEntry('email-pro', ['/email']),
        lockedEntry('admin-tools', ['/admin']),
      ],
      SHELL_PATHS,
    );
    expect(summary(plan).locked).toEqual(['/research (research)']);
  });

  it("lets a locked home page stand rather than redirecting '/'", () => {
    const plan = planRoutes(
      [entry('email', ['/email'])],
      { email: ready('/email') },
      [lockedEntry('organiser', ['/', '/tasks'])],
      SHELL_PATHS,
    );
    expect(summary(plan)).toMatchObject({ locked: ['/ (organiser)', '/tasks (organiser)'], redirectRootTo: undefined });
  });
});

describe('a described module (its code not loaded yet)', () => {
  it("gives its description's paths and the registry's a spinner that loads it (kind loading)", () => {
    const plan = planRoutes(
      [entry('email', ['/email'])],
      {
        email: {
          status: 'described',
          description: {
            id: 'email',
            version: '2',
            routes: ['/email', '/email-test'],
            nav: [],
            widgets: [],
            slots: [],
          },
        },
      },
      [],
      SHELL_PATHS,
    );
    expect(summary(plan).routes).toEqual({ '/email': 'email: loading', '/email-test': 'email: loading' });
  });
});
