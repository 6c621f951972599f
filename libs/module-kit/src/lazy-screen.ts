import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** A screen whose code loads when first rendered, or earlier when asked (`preload`). */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Loads the screen's code without rendering it; the later render uses the same load. */
  preload(): Promise<unknown>;
};

/**
 * `React.lazy` for a module's route screen, with a `preload` the shell calls when a link to the
 * screen is pointed at or focused (`HostApi.preload`), so the click finds the code there. The code
 * is asked for once, whichever comes first.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => {
    // A failed load may be tried again (the next hover or render), as React.lazy's own would not be.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}

/** Whether a route's component came from `lazyScreen`. */
export const isLazyScreen = (component: ComponentType): component is ComponentType & LazyScreen =>
  typeof (component as Partial<LazyScreen>).preload === 'function';
