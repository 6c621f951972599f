import * as runtime from '@module-federation/runtime';
import { bundlerRuntime, attachShareScopeMap } from '@module-federation/webpack-bundler-runtime';
import {
  BUNDLER_RUNTIME_GLOBAL,
  type ProvidedBundlerRuntime,
  type SharedBundlerRuntime,
} from './bundler-runtime-global';
import { containerFederation } from './container-federation';

// The package's files are ES modules, which Jest's CommonJS runtime cannot load; its CommonJS twin is the same code.
jest.mock('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js', () =>
  jest.requireActual('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.cjs'),
);

/** What the shell's provide-bundler-runtime plugin hands over: the shell exposes nothing, so no initContainerEntry. */
const shared = {
  runtime,
  bundlerRuntime: { ...bundlerRuntime, initContainerEntry: undefined },
  attachShareScopeMap,
} as unknown as SharedBundlerRuntime;
const provided: ProvidedBundlerRuntime = {
  ...shared,
  containerFederation: (buildId) => containerFederation(shared, buildId),
  defaultRuntime: () => undefined,
};

function loadRemoteBundlerRuntime(given: ProvidedBundlerRuntime | undefined) {
  let loaded: typeof import('./remote-bundler-runtime') | undefined;
  (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] = given;
  try {
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof import('./remote-bundler-runtime')>('./remote-bundler-runtime');
    });
  } finally {
    delete (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL];
  }
  return loaded!;
}

describe("a remote's entry on the shell's bundler runtime", () => {
  const shell = runtime.init({ name: 'spec-shell', remotes: [] });

  it("starts the remote's own federation instance and leaves the shell's the one the shell's loadRemote uses", () => {
    const email = loadRemoteBundlerRuntime(provided).default;
    const instance = email.runtime!.init({ name: 'spec-email', remotes: [] });

    expect(instance.options.name).toBe('spec-email');
    expect(instance).not.toBe(shell);
    expect(runtime.getInstance()).toBe(shell);
    // Started again (the entry's init after a reload of its script), it takes up its instance.
    expect(email.runtime!.init({ name: 'spec-email', remotes: [] })).toBe(instance);
  });

  it('gives every container its own share scope and options, and the container entry the shell leaves out', () => {
    const email = containerFederation(shared, '');
    const tasks = containerFederation(shared, '');

    expect(email.bundlerRuntime!.S).not.toBe(tasks.bundlerRuntime!.S);
    expect(email.bundlerRuntime!.S).not.toBe(shared.bundlerRuntime.S);
    expect(email.bundlerRuntimeOptions).not.toBe(tasks.bundlerRuntimeOptions);
    expect(email.initOptions).toBeUndefined();
    expect(email.instance).toBeUndefined();
    expect(typeof email.bundlerRuntime!.initContainerEntry).toBe('function');
    // The rest is the shell's code, not a copy.
    expect(email.bundlerRuntime!.consumes).toBe(shared.bundlerRuntime.consumes);
    expect(email.runtime!.loadRemote).toBe(runtime.loadRemote);
  });

  it("asks the shell's code for its federation object with the remote's own build identifier", () => {
    const asked: string[] = [];
    const global = globalThis as Record<string, unknown>;
    global.FEDERATION_BUILD_IDENTIFIER = 'spec-travel:1.2.0';
    try {
      const made = loadRemoteBundlerRuntime({
        ...provided,
        containerFederation: (buildId) => {
          asked.push(buildId);
          return containerFederation(shared, buildId);
        },
      }).default;
      expect(asked).toEqual(['spec-travel:1.2.0']);
      expect(typeof made.bundlerRuntime!.initContainerEntry).toBe('function');
    } finally {
      delete global.FEDERATION_BUILD_IDENTIFIER;
    }
  });

  it('fails with a plain reason when loaded without the shell', () => {
    expect(() => loadRemoteBundlerRuntime(undefined)).toThrow(
      'This remote runs on the Aide shell’s federation runtime: load it from the shell.',
    );
  });
});
