import type { Federation } from '@module-federation/webpack-bundler-runtime';
// The shell exposes nothing, so its build leaves this out of the runtime it provides.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_GLOBAL, type ProvidedBundlerRuntime } from './bundler-runtime-global';

declare const FEDERATION_BUILD_IDENTIFIER: string | undefined;

/**
 * What a remote's entry imports in place of @module-federation/webpack-bundler-runtime (see
 * defineRemoteConfig): the shell's copy (provide-bundler-runtime-plugin.ts), with what each
 * container keeps for itself made here, as the package makes it. The entry copies this object's
 * keys onto its own `__webpack_require__.federation`, so every object in it that the entry fills in
 * (options, the share scope) must be this container's own.
 */
function containerFederation(provided: ProvidedBundlerRuntime): Federation {
  const { runtime } = provided;
  type InitOptions = Parameters<typeof runtime.init>[0];

  /**
   * runtime.init, keeping to this container. The shell's copy would match instances by the shell's
   * build identifier, and would make the remote's instance the one the shell's own loadRemote uses.
   */
  function init(options: InitOptions) {
    const buildId = typeof FEDERATION_BUILD_IDENTIFIER === 'string' ? FEDERATION_BUILD_IDENTIFIER : '';
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

const provided = (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] as ProvidedBundlerRuntime | undefined;
if (!provided) {
  throw new Error('This remote runs on the Aide shell’s federation runtime: load it from the shell.');
}

export default containerFederation(provided);
export { containerFederation };
