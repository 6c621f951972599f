import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { pathShows } from '@aide/contracts/module-paths';
import { prefetchDashboardAnswer, whenIdle } from '@aide/ui';
import { type ModuleState, routePathsOf, useRemoteModules } from './remote-modules';

/**
 * Starts loading the code of the screen at `to` (a link or button to it pointed at or focused):
 * the module that owns its path, then the screen's own code (`ModuleRoute.preload`, a lazyScreen's),
 * so the click finds both there. Nothing for a path no module owns (the shell's own pages).
 */
export function preloadScreen(to: string): void {
  const pathname = to.split(/[?#]/)[0] || '/';
  const { registry, states, ensure } = useRemoteModules.getState();
  let owner: { id: string; path: string } | undefined;
  for (const entry of registry ?? [])
    for (const path of routePathsOf(entry, states[entry.id]))
      if (pathShows(path, pathname) && (!owner || path.length > owner.path.length)) owner = { id: entry.id, path };
  if (owner) void ensure(owner.id).then((state) => preloadRouteShowing(state, pathname));
}

/**
 * Starts the code of the modules the first screen shows, as soon as the registry is in, while the
 * frame (antd, the sidebar) is still loading: the module that owns the page's path and, on '/' (the
 * dashboard, when a module owns it), every module with a dashboard card. Waiting for the frame to
 * render them first put the remotes' requests half a second later on a busy machine, and the cards'
 * modules after the dashboard's. The page's screen code follows as soon as its module is in: asked
 * for by the route's render instead, it went out 0.1–0.2 s later, while the shell drew the frame.
 * On the dashboard its data goes into the query cache too, so the cards draw it in their first
 * render: asked for by the page as it mounted, it came after that render, and every card rendered
 * twice before the dashboard showed its data (0.2–0.3 s on a busy machine).
 */
export function loadFirstScreen(pathname: string, queryClient: QueryClient): void {
  const { registry, states, ensure } = useRemoteModules.getState();
  const dashboard = pathname === '/' && (registry ?? []).some((entry) => entry.routes.includes('/'));
  let cards = false;
  for (const entry of registry ?? []) {
    const state = states[entry.id];
    if (state?.status !== 'described') continue;
    const hasCards = state.description.widgets.length > 0;
    cards ||= hasCards;
    const showsPage = routePathsOf(entry, state).some((path) => pathShows(path, pathname));
    if (showsPage) void ensure(entry.id).then((loaded) => preloadRouteShowing(loaded, pathname));
    else if (dashboard && hasCards) void ensure(entry.id);
  }
  // A failure is the query's, which the dashboard's cards show with their own error.
  if (dashboard && cards) void prefetchDashboardAnswer(queryClient);
}

/**
 * Starts the code of the module's route that shows `pathname` (the most specific one). A failure is
 * left to the route's render, which shows it with Retry (a lazyScreen tries a failed load again).
 */
function preloadRouteShowing(state: ModuleState, pathname: string): void {
  if (state.status !== 'ready') return;
  const route = state.module.routes
    .filter((candidate) => pathShows(candidate.path, pathname))
    .sort((a, b) => b.path.length - a.path.length)[0];
  void route?.preload?.()?.catch(() => {});
}

/** True once the first screen has what it asked for: no query fetching, no module's code on its way. */
function firstScreenSettled(queryClient: QueryClient): boolean {
  return (
    queryClient.isFetching() === 0 &&
    !Object.values(useRemoteModules.getState().states).some((state) => state.status === 'loading')
  );
}

/** Calls `then` once the first screen has settled (at once if it has); answers a cancel. */
function whenSettled(queryClient: QueryClient, then: () => void): () => void {
  let waiting = true;
  const stop = () => {
    waiting = false;
    stopQueries();
    stopModules();
  };
  const check = () => {
    if (waiting && firstScreenSettled(queryClient)) {
      stop();
      then();
    }
  };
  const stopQueries = queryClient.getQueryCache().subscribe(check);
  const stopModules = useRemoteModules.subscribe(check);
  check();
  return stop;
}

/** At the latest 5 s after the first screen settled; without requestIdleCallback, 1 s. */
const IDLE_PRELOAD = { timeout: 5000, fallbackDelay: 1000 };

/**
 * Once the first screen is drawn with its data and the browser has nothing else to do, loads the
 * code of every described module, one at a time, so a later first click finds it there. Each module
 * waits until no query is fetching and no module is loading, and then for an idle period, so the
 * preload never competes with what the user is waiting for. (Waiting also for 500 ms without any
 * file arriving kept it off the cold load's last requests, but a click right after the dashboard
 * showed then found Documents unloaded: 602 → 1,109 ms at load 4. The dashboard's data is asked
 * for with the page now, so an early preload no longer delays it.)
 */
export function usePreloadWhenIdle(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let cancel = () => {};
    let stopped = false;
    const tried = new Set<string>();
    const next = () => {
      cancel = whenSettled(queryClient, () => {
        cancel = whenIdle(() => {
          if (stopped) return;
          // Something started while waiting for idle (a click, a card's query): wait for it first.
          if (!firstScreenSettled(queryClient)) return next();
          const { registry, states, ensure } = useRemoteModules.getState();
          const id = registry?.find((m) => states[m.id]?.status === 'described' && !tried.has(m.id))?.id;
          if (!id) return;
          tried.add(id);
          void ensure(id).then(() => !stopped && next());
        }, IDLE_PRELOAD);
      });
    };
    next();
    return () => {
      stopped = true;
      cancel();
    };
  }, [enabled, queryClient]);
}
