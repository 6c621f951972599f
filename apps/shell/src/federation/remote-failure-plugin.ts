import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks what `loadRemote` resolves to when a remote could not be fetched or evaluated. */
export const REMOTE_LOAD_FAILED = '__aideRemoteLoadFailed';

export interface FailedRemote {
  [REMOTE_LOAD_FAILED]: true;
  error: unknown;
}

export const isFailedRemote = (value: unknown): value is FailedRemote =>
  typeof value === 'object' && value !== null && REMOTE_LOAD_FAILED in value;

/**
 * Second of three layers (retry in the UI, this plugin, a React error boundary per remote): when a
 * remote's manifest or entry cannot be loaded, answer with a marker instead of throwing, so the
 * shell renders a fallback for that module's area and keeps working.
 */
export default function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'aide-remote-failure',
    async errorLoadRemote({ id, error, lifecycle }) {
      // Earlier lifecycles (manifest fetch, entry script) would take a returned value as the
      // manifest or entry itself and cache it; letting them throw lands here once more, at onLoad,
      // with nothing cached, so Retry can fetch afresh.
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[aide] remote "${id}" failed to load`, error);
      // loadRemote resolves to exactly this value (runtime-core remote/index.js: `return failOver`).
      const failed: FailedRemote = { [REMOTE_LOAD_FAILED]: true, error };
      return failed;
    },
  };
}
