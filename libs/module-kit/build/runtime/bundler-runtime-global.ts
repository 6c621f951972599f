import type { Federation } from '@module-federation/webpack-bundler-runtime';

/**
 * Where the shell leaves its Module Federation bundler runtime for the remotes' entries (see
 * provide-bundler-runtime-plugin.ts and remote-bundler-runtime.ts), as it leaves runtime-core in
 * `_FEDERATION_RUNTIME_CORE` (experiments.externalRuntime).
 */
export const BUNDLER_RUNTIME_GLOBAL = '__AIDE_FEDERATION_BUNDLER_RUNTIME__';

/** The stateless parts of the shell's `__webpack_require__.federation`, which every container can run. */
export type ProvidedBundlerRuntime = Required<Pick<Federation, 'runtime' | 'bundlerRuntime' | 'attachShareScopeMap'>>;
