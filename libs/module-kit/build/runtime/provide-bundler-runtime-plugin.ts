import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { Federation } from '@module-federation/webpack-bundler-runtime';
import {
  BUNDLER_RUNTIME_GLOBAL,
  type ProvidedBundlerRuntime,
  type SharedBundlerRuntime,
} from './bundler-runtime-global';
import { containerFederation } from './container-federation';
// Rspack's federation default runtime as a function (default-runtime-loader.cjs writes it at build time).
import defaultRuntime from './default-runtime.js';

declare const __webpack_require__: { federation: Federation };

/**
 * The shell's half of sharing the bundler runtime: when the shell's federation instance starts,
 * its bundler runtime (the code that loads remotes and negotiates shared modules, with the
 * federation SDK under it) is handed to the remotes, so each remote entry does not bring a copy
 * (≈10 kB gzip each), with the code that makes a remote container's federation object from it
 * (container-federation.ts) and the default runtime that fills that in from the container's tables
 * (default-runtime-loader.cjs). The remotes' half is remote-bundler-runtime.ts.
 */
export default function provideBundlerRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'aide-provide-bundler-runtime',
    beforeInit(args) {
      const global = globalThis as Record<string, unknown>;
      if (!global[BUNDLER_RUNTIME_GLOBAL]) {
        // By beforeInit, the entry has copied the bundler runtime onto __webpack_require__.federation.
        const { runtime, bundlerRuntime, attachShareScopeMap } = __webpack_require__.federation;
        const shared = { runtime, bundlerRuntime, attachShareScopeMap } as SharedBundlerRuntime;
        const provided: ProvidedBundlerRuntime = {
          ...shared,
          containerFederation: (buildId) => containerFederation(shared, buildId),
          defaultRuntime,
        };
        global[BUNDLER_RUNTIME_GLOBAL] = provided;
      }
      return args;
    },
  };
}
