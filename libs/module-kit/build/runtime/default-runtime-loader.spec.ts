import { BUNDLER_RUNTIME_GLOBAL } from './bundler-runtime-global';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS loader, as Rspack loads it
const loader = require('./default-runtime-loader.cjs') as {
  (this: { getOptions(): object }, source: string): string;
  installedBody(): string;
};

const run = (options: object, source = '') => loader.call({ getOptions: () => options }, source);

/** The module Rspack inlines at the end of a container's entry: the container's constants, then the body. */
function entryRuntimeAsRspackWritesIt(name: string) {
  return [
    'import __module_federation_bundler_runtime__ from "/x/webpack-bundler-runtime/dist/index.cjs"',
    'const __module_federation_runtime_plugins__ = [].filter(({ plugin }) => plugin).map(({ plugin, params }) => plugin(params))',
    'const __module_federation_remote_infos__ = {}',
    `const __module_federation_container_name__ = ${JSON.stringify(name)}`,
    'const __module_federation_share_strategy__ = "loaded-first"',
    'const __module_federation_share_fallbacks__ = undefined',
    'const __module_federation_library_type__ = "var"',
    loader.installedBody().replace('__module_federation_runtime_require__', '__webpack_require__'),
  ].join(';');
}

/** The function mode 'define' writes, as the shell's bundle runs it. */
function definedRuntime(): (...args: unknown[]) => void {
  const source = run({ mode: 'define' });
  return new Function(`${source.replace('export default function', 'return function')}`)() as never;
}

describe('default-runtime-loader', () => {
  it("defines Rspack's default runtime as one function that fills in the container it is given", () => {
    const initCalls: unknown[] = [];
    const bundlerRuntime = {
      bundlerRuntime: { S: {}, init: (args: unknown) => initCalls.push(args) },
      runtime: {},
    };
    // A container with one shared module and one exposed module, as its entry's tables describe them.
    const containerRequire: Record<string, unknown> = {
      f: {},
      federation: {},
      initializeSharingData: {
        scopeToSharingDataMapping: { default: [{ name: 'react', version: '19.0.0', factory: () => 'react' }] },
      },
      initializeExposesData: { moduleMap: { './module': () => 'module' }, shareScope: 'default' },
    };

    definedRuntime()(containerRequire, bundlerRuntime, [], {}, 'social', 'loaded-first', undefined, 'var');

    const federation = containerRequire.federation as {
      initOptions: { name: string; shareStrategy: string; shared: Record<string, { version: string }[]> };
      libraryType: string;
    };
    expect(federation.initOptions.name).toBe('social');
    expect(federation.initOptions.shareStrategy).toBe('loaded-first');
    expect(federation.initOptions.shared.react[0].version).toBe('19.0.0');
    expect(federation.libraryType).toBe('var');
    expect(initCalls).toEqual([{ webpackRequire: containerRequire }]);
  });

  it("replaces a remote entry's inlined runtime with a call to the one the shell hands over, with the remote's constants", () => {
    const source = entryRuntimeAsRspackWritesIt('social');
    const replaced = run({ mode: 'global' }, source);

    expect(replaced.length).toBeLessThan(source.length / 5);
    expect(replaced).toContain('const __module_federation_container_name__ = "social";');
    // The loader (CommonJS, beside the build) spells the global out; it must be the one the shell fills in.
    expect(replaced).toContain(`globalThis[${JSON.stringify(BUNDLER_RUNTIME_GLOBAL)}].defaultRuntime(`);
    expect(
      replaced.endsWith(
        'globalThis["__AIDE_FEDERATION_BUNDLER_RUNTIME__"].defaultRuntime(__webpack_require__, ' +
          '__module_federation_bundler_runtime__, __module_federation_runtime_plugins__, __module_federation_remote_infos__, ' +
          '__module_federation_container_name__, __module_federation_share_strategy__, __module_federation_share_fallbacks__, ' +
          '__module_federation_library_type__);',
      ),
    ).toBe(true);
  });

  it("makes the shell's entry import the defined function instead", () => {
    const replaced = run({ mode: 'import', define: '/x/default-runtime.js' }, entryRuntimeAsRspackWritesIt('shell'));
    expect(replaced).toContain('import __aide_federation_default_runtime__ from "/x/default-runtime.js";');
    expect(replaced).toContain(
      '__aide_federation_default_runtime__(__webpack_require__, __module_federation_bundler_runtime__,',
    );
  });

  it('fails the build when Rspack inlines something other than the installed runtime', () => {
    const changed = entryRuntimeAsRspackWritesIt('social').replace('initializeSharingData', 'initializeSharing');
    expect(() => run({ mode: 'global' }, changed)).toThrow('no longer inlines the default runtime');
    expect(() => run({ mode: 'global' }, 'const x = 1;')).toThrow('has no __module_federation_library_type__');
  });
});
