import type { Federation } from '@module-federation/webpack-bundler-runtime';

/**
 * Where the shell leaves its Module Federation bundler runtime, with the runtime under it, for the
 * remotes' entries (see provide-bundler-runtime-plugin.ts and remote-bundler-runtime.ts).
 */
export const BUNDLER_RUNTIME_GLOBAL = '__AIDE_FEDERATION_BUNDLER_RUNTIME__';

/** The stateless parts of the shell's `__webpack_require__.federation`, which every container can run. */
export type SharedBundlerRuntime = Required<Pick<Federation, 'runtime' | 'bundlerRuntime' | 'attachShareScopeMap'>>;

/**
 * What the shell hands over: those parts, a remote container's federation object made from them
 * (container-federation.ts; its argument is the remote's build identifier), and Rspack's default
 * runtime, which fills in a container's federation object from its tables when its entry starts
 * (default-runtime-loader.cjs; its arguments are the container's require and constants).
 */
export type ProvidedBundlerRuntime = SharedBundlerRuntime & {
  containerFederation: (buildId: string) => Federation;
  defaultRuntime: (...containerRequireAndConstants: unknown[]) => void;
};
