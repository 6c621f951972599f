import { BUNDLER_RUNTIME_GLOBAL, type ProvidedBundlerRuntime } from './bundler-runtime-global';

declare const FEDERATION_BUILD_IDENTIFIER: string | undefined;

/**
 * What a remote's entry imports in place of @module-federation/webpack-bundler-runtime (see
 * defineRemoteConfig): its container's federation object, made by the shell's code
 * (container-federation.ts, handed over by provide-bundler-runtime-plugin.ts) for this build.
 */
const provided = (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] as ProvidedBundlerRuntime | undefined;
if (!provided) {
  throw new Error('This remote runs on the Aide shell’s federation runtime: load it from the shell.');
}

export default provided.containerFederation(
  typeof FEDERATION_BUILD_IDENTIFIER === 'string' ? FEDERATION_BUILD_IDENTIFIER : '',
);
