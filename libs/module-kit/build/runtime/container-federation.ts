import type { Federation } from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import type { SharedBundlerRuntime } from './bundler-runtime-global';

/**
 * A remote container's `__webpack_require__.federation`, on the shell's bundler runtime: the shell's
 * code, with what each container keeps for itself made here, as the package makes it. The remote's
 * entry copies this object's keys onto its own `__webpack_require__.federation`, so every object in
 * it that the entry fills in (options, the share scope) must be this container's own. The shell
 * defines it once and hands it over (provide-bundler-runtime-plugin.ts); a remote's entry calls it
 * with its build identifier (remote-bundler-runtime.ts), so no entry carries a copy.
 */
export function containerFederation(provided: SharedBundlerRuntime, buildId: string): Federation {
  const { runtime } = provided;
  type InitOptions = Parameters<typeof runtime.init>[0];

  /**
   * runtime.init, keeping to this container. The shell's copy would match instances by the shell's
   * build identifier, and would make the remote's instance the one the shell's own loadRemote uses.
   */
  function init(options: InitOptions) {
    const normalized = { ...options, id: options.id || '' };
    const existing = runtime.getInstance(
      ({ options: registered }) =>
        (buildId !== '' && registered.id === buildId) ||
        (registered.name === options.name &&
          (options.version ? registered.version === options.version : !registered.version)),
    );
    if (!existing) return runtime.createInstance(normalized);
    existing.initOptions(normalized);
    return existing;
  }

  return {
    runtime: { ...runtime, init },
    instance: undefined,
    initOptions: undefined,
    bundlerRuntime: { ...provided.bundlerRuntime, S: {}, initContainerEntry },
    attachShareScopeMap: provided.attachShareScopeMap,
    bundlerRuntimeOptions: {},
  };
}
