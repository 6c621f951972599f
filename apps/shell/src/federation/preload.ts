import { useEffect } from 'react';
import { useRemoteModules } from './remote-modules';

/** Starts loading a described module's code (a hover or focus on its sidebar entry): the click then finds it loaded. */
export function preloadModule(id: string | undefined): void {
  if (id) void useRemoteModules.getState().ensure(id);
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Once the first screen is drawn and the browser has nothing else to do, loads the code of every
 * described module, one at a time, so a later first click finds it there. Each module waits for
 * the next idle period, so the preload never competes with what the user is doing.
 */
export function usePreloadWhenIdle(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const w = window as IdleWindow;
    // Without requestIdleCallback (Safari), a timer after the first paint's work stands in.
    const whenIdle = (callback: () => void) => {
      if (w.requestIdleCallback) {
        const handle = w.requestIdleCallback(callback, { timeout: 5000 });
        return () => w.cancelIdleCallback?.(handle);
      }
      const handle = window.setTimeout(callback, 1000);
      return () => window.clearTimeout(handle);
    };
    let cancel = () => {};
    let stopped = false;
    const tried = new Set<string>();
    const next = () => {
      cancel = whenIdle(() => {
        const { registry, states, ensure } = useRemoteModules.getState();
        const id = registry?.find((m) => states[m.id]?.status === 'described' && !tried.has(m.id))?.id;
        if (!id || stopped) return;
        tried.add(id);
        void ensure(id).then(() => !stopped && next());
      });
    };
    next();
    return () => {
      stopped = true;
      cancel();
    };
  }, [enabled]);
}
