import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RsbuildConfig } from '@rsbuild/core';

// Rsbuild and its plugins ship as ES modules only, which Jest's CommonJS runtime cannot load; the
// functions under test only pass options to them, so each plugin factory answers what it was given.
jest.mock('@rsbuild/core', () => ({ defineConfig: (config: unknown) => config }));
jest.mock('@rsbuild/plugin-react', () => ({ pluginReact: () => ({ name: 'rsbuild:react' }) }));
jest.mock('@module-federation/rsbuild-plugin', () => ({
  pluginModuleFederation: (options: unknown) => ({ name: 'rsbuild:module-federation', options }),
}));

import { authEndpoints } from '@aide/contracts';
import {
  antdImports,
  DEV_PORTS,
  defineRemoteConfig,
  defineShellConfig,
  FIRST_SCREEN_CHUNKS,
  REMOTE_MIN_SPLIT,
  sharedDependencies,
} from './federation';

interface SharedConfig {
  singleton?: boolean;
  shareKey?: string;
  import?: string | false;
  version?: string;
  requiredVersion?: string;
}
interface FederationOptions {
  name: string;
  remotes?: Record<string, string>;
  exposes?: Record<string, string>;
  shared: Record<string, SharedConfig>;
  shareStrategy: string;
  runtimePlugins?: string[];
}

const workspace = path.resolve(__dirname, '../../..');
const installedVersion = (name: string) =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

function federationOf(config: RsbuildConfig): FederationOptions {
  const plugin = (config.plugins ?? []).find((p) => (p as { name?: string }).name === 'rsbuild:module-federation');
  return (plugin as unknown as { options: FederationOptions }).options;
}

describe('sharedDependencies', () => {
  it('shares one React, React DOM, QueryClient, dayjs, module kit and api-client across the shell and remotes', () => {
    expect(sharedDependencies['@tanstack/react-query']).toMatchObject({ singleton: true });
    for (const name of ['react', 'react-dom', 'dayjs', '@aide/module-kit', '@aide/api-client']) {
      expect(sharedDependencies).toHaveProperty([name], { singleton: true });
    }
  });

  it('shares antd per component, and never what each app should tree-shake itself', () => {
    expect(sharedDependencies['antd/es/']).toEqual({ singleton: true });
    for (const name of ['antd', '@aide/contracts', '@aide/ui', '@ant-design/icons']) {
      expect(sharedDependencies).not.toHaveProperty([name]);
    }
  });

  // zod: every endpoint contract's schemas need it, so one copy for all apps, not one per remote.
  it.each([
    ['react-router-dom', 'react-router-dom'],
    ['zod', 'zod'],
    ['@tanstack/react-query', 'react-query'],
  ])('shares %s as its facade file, at the installed version', (name, file) => {
    const shared = (sharedDependencies as Record<string, SharedConfig>)[name];
    const version = installedVersion(name);
    expect(shared).toEqual({
      singleton: true,
      import: path.join(__dirname, `shared/${file}.ts`),
      version,
      requiredVersion: `^${version}`,
    });
    expect(existsSync(shared.import as string)).toBe(true);
  });
});

/** Every .ts/.tsx file under apps/<app>/src and libs/<lib>/src that the browser builds may bundle (the API's and the e2e suite's excepted). */
function frontEndSources(): { file: string; source: string }[] {
  const files: { file: string; source: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (/\.tsx?$/.test(entry.name)) {
        files.push({ file: path.relative(workspace, full), source: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const group of ['apps', 'libs']) {
    for (const project of readdirSync(path.join(workspace, group))) {
      const src = path.join(workspace, group, project, 'src');
      if (existsSync(src) && !['apps/api', 'apps/e2e'].includes(`${group}/${project}`)) walk(src);
    }
  }
  return files;
}

describe('the zod facade', () => {
  it('gives `z` every member of zod the front-end sources use (a missing one would be undefined at run time)', async () => {
    const { z: facade } = (await import('./shared/zod')) as { z: Record<string, unknown> };
    const { z: zod } = (await import('zod')) as unknown as { z: Record<string, unknown> };
    const used = new Map<string, string>();
    for (const { file, source } of frontEndSources()) {
      if (!/import\s*\{\s*z\s*\}\s*from\s*'zod'/.test(source)) continue;
      // Types (z.infer, z.ZodRawShape …) are not members of zod's runtime `z`, and are erased anyway.
      for (const [, name] of source.matchAll(/\bz\.([A-Za-z_$][\w$]*)/g)) if (name in zod) used.set(name, file);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(([name]) => !(name in facade)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('gives each member as zod itself has it', async () => {
    const { z: facade } = (await import('./shared/zod')) as { z: Record<string, unknown> };
    const { z: zod } = (await import('zod')) as unknown as { z: Record<string, unknown> };
    for (const [name, value] of Object.entries(facade)) expect([name, value]).toEqual([name, zod[name]]);
  });
});

/** Every value name imported from `pkg` in the apps' and libs' sources, with a file that imports it. */
function importedNames(pkg: string): Map<string, string> {
  const found = new Map<string, string>();
  const from = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${pkg.replace(/[/.]/g, '\\$&')}['"]`, 'g');
  for (const { file, source } of frontEndSources()) {
    for (const match of source.matchAll(from)) {
      if (match[1]) continue; // a type-only import is erased at build time
      for (const spec of match[2].split(',').map((s) => s.trim())) {
        if (spec && !spec.startsWith('type ')) found.set(spec.split(/\s+as\s+/)[0], file);
      }
    }
  }
  return found;
}

/** The names a facade re-exports (`export { … } from '<from>'`). */
function reExported(facadeFile: string, from: string): Set<string> {
  const facade = readFileSync(path.join(__dirname, 'shared', facadeFile), 'utf8');
  return new Set(
    new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${from}'`)
      .exec(facade)![1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** The names of `pkg` the front-end sources import that its facade (shared/<file>) does not re-export from `from`. */
function missingFromFacade(pkg: string, file: string, from: string): string[] {
  const exported = reExported(file, from);
  const imported = importedNames(pkg);
  expect(imported.size).toBeGreaterThan(0);
  return [...imported].filter(([name]) => !exported.has(name)).map(([name, source]) => `${name} (${source})`);
}

describe('the react-router-dom facade', () => {
  it('re-exports every name the apps import from react-router-dom (a missing one fails only the production build)', () => {
    expect(missingFromFacade('react-router-dom', 'react-router-dom.ts', 'react-router')).toEqual([]);
  });

  it('names only what React Router really exports', async () => {
    const facade = (await import('./shared/react-router-dom')) as Record<string, unknown>;
    const undefinedNames = Object.entries(facade)
      .filter(([name, value]) => name !== '__esModule' && value === undefined)
      .map(([name]) => name);
    expect(Object.keys(facade).length).toBeGreaterThan(10);
    expect(undefinedNames).toEqual([]);
  });
});

describe('the react-query facade', () => {
  it('re-exports every name the apps import from @tanstack/react-query (a missing one would be undefined at run time)', () => {
    expect(missingFromFacade('@tanstack/react-query', 'react-query.ts', '#react-query-package')).toEqual([]);
  });

  it('gives each name as react-query itself has it', async () => {
    const facade = (await import('./shared/react-query')) as Record<string, unknown>;
    const reactQuery = (await import('@tanstack/react-query')) as Record<string, unknown>;
    const names = Object.keys(facade).filter((name) => name !== '__esModule');
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect([name, facade[name]]).toEqual([name, reactQuery[name]]);
    for (const name of names) expect([name, facade[name]]).not.toEqual([name, undefined]);
  });
});

describe('antdImports', () => {
  it("compiles `import { Button } from 'antd'` to antd/es/button, without styles", () => {
    expect(antdImports).toEqual([
      { libraryName: 'antd', libraryDirectory: 'es', camelToDashComponentName: true, style: false },
    ]);
  });
});

describe('DEV_PORTS', () => {
  it('gives the shell and every remote its own port', () => {
    const remotes = readdirSync(path.join(workspace, 'apps'))
      .filter((name) => name.startsWith('mf-'))
      .map((name) => name.slice('mf-'.length));
    for (const id of ['shell', ...remotes]) expect(DEV_PORTS[id]).toEqual(expect.any(Number));
    const ports = Object.values(DEV_PORTS);
    expect(new Set(ports).size).toBe(ports.length);
  });
});

describe('defineShellConfig', () => {
  const root = path.join(workspace, 'apps/shell');
  const config = defineShellConfig(root);
  const groups = (config.performance?.chunkSplit as { forceSplitting: Record<string, RegExp> }).forceSplitting;
  /** [file, whether the chunk group takes node_modules/<file>]: a failing expectation names the file. */
  const inGroup = (group: string, file: string) => [
    file,
    groups[group].test(path.join(workspace, 'node_modules', file)),
  ];
  const federation = federationOf(config);

  it('builds the host with no remotes of its own, the failure plugin and the plugin that hands its runtime to the remotes', () => {
    expect(federation.name).toBe('shell');
    expect(federation.remotes).toEqual({});
    expect(federation.shareStrategy).toBe('loaded-first');
    expect(federation.runtimePlugins).toEqual([
      path.join(root, 'src/federation/remote-failure-plugin.ts'),
      path.join(__dirname, 'runtime/provide-bundler-runtime-plugin.ts'),
    ]);
    for (const plugin of federation.runtimePlugins!) expect(existsSync(plugin)).toBe(true);
  });

  it("preloads the API answers the shell's first screen asks for, as the shell asks for them", () => {
    const tags = (config.html?.tags ?? []) as { tag: string; attrs: Record<string, string> }[];
    const fetches = tags.filter((t) => t.attrs.rel === 'preload' && t.attrs.as === 'fetch');
    // Only the sign-in check: the registry's answers would be 401s for a signed-out visitor, so
    // the API names them in the Link header of a request that carries a session (serve-frontends).
    expect(fetches.map((t) => t.attrs.href)).toEqual([authEndpoints.user.path]);
    // The API client sends credentials: a preload in another credentials mode is fetched again.
    expect(fetches.every((t) => t.attrs.crossorigin === 'use-credentials')).toBe(true);
  });

  it('puts what nearly every antd component imports into antd-core, so a component is one request', () => {
    for (const file of [
      'antd/es/theme/index.js',
      'antd/es/version/index.js',
      'antd/es/locale/en_US.js',
      '@rc-component/trigger/es/index.js',
      'clsx/dist/clsx.mjs',
      'react-is/index.js',
      'is-mobile/index.js',
      '@emotion/hash/dist/hash.esm.js',
      'stylis/index.js',
    ])
      expect(inGroup('antd-core', file)).toEqual([file, true]);
    for (const file of ['antd/es/button/index.js', 'antd/es/locale/de_DE.js', 'react/index.js'])
      expect(inGroup('antd-core', file)).toEqual([file, false]);
  });

  it('puts the shared libraries every screen runs on into one chunk, shared-libs, which index.html preloads', () => {
    const modules = path.join(workspace, 'node_modules');
    const inSharedLibs = (file: string) => [
      file,
      groups['shared-libs'].test(path.join(file.startsWith('libs/') ? workspace : modules, file)),
    ];
    for (const file of [
      'react/index.js',
      'react-dom/client.js',
      'scheduler/index.js',
      '@tanstack/react-query/build/modern/index.js',
      '@tanstack/query-core/build/modern/index.js',
      'libs/module-kit/build/shared/react-query.ts',
      '@lingui/core/dist/index.mjs',
      'dayjs/dayjs.min.js',
      'libs/module-kit/src/index.ts',
      'libs/api-client/src/index.ts',
      'libs/i18n/src/index.ts',
      'libs/contracts/src/endpoint.ts',
    ])
      expect(inSharedLibs(file)).toEqual([file, true]);
    // Languages and plugins load when used; the contracts' schemas are each app's own.
    for (const file of [
      'dayjs/locale/de.js',
      'dayjs/plugin/utc.js',
      'dayjs/esm/locale/de.js',
      'libs/contracts/src/tasks.ts',
      'libs/ui/src/index.ts',
    ])
      expect(inSharedLibs(file)).toEqual([file, false]);
    expect(FIRST_SCREEN_CHUNKS.test('/static/js/async/shared-libs.0123abcd.js')).toBe(true);
    // Every first screen reads the sign-in check through its schema.
    expect(FIRST_SCREEN_CHUNKS.test('/static/js/async/zod.0123abcd.js')).toBe(true);
    expect(FIRST_SCREEN_CHUNKS.test('/static/js/async/react-router.0123abcd.js')).toBe(false);
  });

  it('puts the icons antd renders in the first screen’s components into antd-first-screen, not the others', () => {
    for (const file of [
      'antd/es/modal/index.js',
      // A Modal's and an Alert's close ×, an Input's clear ⊗, with their SVGs and the icon base.
      '@ant-design/icons/es/icons/CloseOutlined.js',
      '@ant-design/icons/es/icons/CloseCircleFilled.js',
      '@ant-design/icons-svg/es/asn/CloseOutlined.js',
      '@ant-design/icons/es/components/AntdIconLight.js',
      '@ant-design/icons/es/components/Context.js',
    ])
      expect(inGroup('antd-first-screen', file)).toEqual([file, true]);
    // The image preview's zoom is no first-screen component's; icons the apps import stay theirs.
    for (const file of [
      'antd/es/image/index.js',
      '@ant-design/icons/es/icons/ZoomOutOutlined.js',
      '@ant-design/icons/es/index.js',
    ])
      expect(inGroup('antd-first-screen', file)).toEqual([file, false]);
  });

  it('leaves message’s and notification’s static APIs out of antd-first-screen, and keeps the hooks App.useApp() gives', () => {
    for (const file of [
      'antd/es/message/useMessage.js',
      'antd/es/message/PurePanel.js',
      'antd/es/message/style/index.js',
      'antd/es/notification/useNotification.js',
      'antd/es/notification/hooks/useStackConfig.js',
      '@rc-component/notification/es/index.js',
    ])
      expect(inGroup('antd-first-screen', file)).toEqual([file, true]);
    for (const file of [
      'antd/es/message/index.js',
      'antd/es/message/PureList.js',
      'antd/es/notification/index.js',
      'antd/es/notification/PureList.js',
    ])
      expect(inGroup('antd-first-screen', file)).toEqual([file, false]);
  });

  it('provides every antd component, each from its own file at the installed antd version', () => {
    const version = installedVersion('antd');
    const components = Object.entries(federation.shared).filter(([name]) => /^antd\/es\/[^/]+$/.test(name));
    expect(components.length).toBeGreaterThan(50);
    expect(federation.shared['antd/es/button']).toEqual({
      singleton: true,
      import: path.join(path.dirname(require.resolve('antd/package.json')), 'es/button/index.js'),
      version,
      requiredVersion: `^${version}`,
    });
    for (const [, shared] of components) {
      expect(shared.version).toBe(version);
      expect(existsSync(shared.import as string)).toBe(true);
    }
    // And the singletons every app shares.
    expect(federation.shared.react).toEqual({ singleton: true });
  });

  it('provides the icons’ base by the file every icon imports it from, at the installed version', () => {
    const icons = path.dirname(require.resolve('@ant-design/icons/package.json'));
    const base = path.join(icons, 'es/components/AntdIconLight.js');
    const version = installedVersion('@ant-design/icons');
    expect(federation.shared[base]).toEqual({
      singleton: true,
      shareKey: '@ant-design/icons/es/components/AntdIconLight',
      import: base,
      version,
      requiredVersion: `^${version}`,
    });
    // An icons release that renders its icons through another file would leave the base unshared
    // (each app's copy again, and its own icon context): the icons the apps draw must import this one.
    for (const icon of ['MailOutlined', 'PlusOutlined', 'CheckCircleFilled']) {
      const source = readFileSync(path.join(icons, `es/icons/${icon}.js`), 'utf8');
      const imported = /import AntdIcon from "([^"]+)"/.exec(source)?.[1] ?? '';
      expect([icon, path.resolve(path.join(icons, 'es/icons'), `${imported}.js`)]).toEqual([icon, base]);
    }
  });

  it("bundles Module Federation's runtime from its ES module build, where Rspack resolves the CommonJS one", () => {
    type Replacement = { resourceRegExp: RegExp; newResource: (data: { request: string }) => void };
    const plugins: Replacement[] = [];
    const rspackConfig: { module?: { rules?: { test: RegExp; resolve: { conditionNames: string[] } }[] } } = {};
    const rspack = {
      NormalModuleReplacementPlugin: class {
        constructor(
          readonly resourceRegExp: RegExp,
          readonly newResource: Replacement['newResource'],
        ) {}
      },
    };
    for (const step of config.tools?.rspack as unknown[])
      if (typeof step === 'function')
        step(rspackConfig, { appendPlugins: (p: Replacement) => plugins.push(p), rspack });

    // The file Rspack's ModuleFederationPlugin resolves for the bundler runtime (require.resolve: .cjs).
    const runtimeTools = require.resolve('@module-federation/runtime-tools');
    const resolved = require.resolve('@module-federation/webpack-bundler-runtime', { paths: [runtimeTools] });
    expect(resolved).toMatch(/\.cjs$/);
    const [replacement] = plugins.filter((p) => p.resourceRegExp.test(resolved));
    expect(replacement).toBeDefined();
    const data = { request: resolved };
    replacement.newResource(data);
    expect(data.request).toBe(resolved.replace(/\.cjs$/, '.js'));
    expect(readFileSync(data.request, 'utf8')).toMatch(/^export \{/m);

    // What those packages import of each other resolves as an import, not as a require.
    const rule = rspackConfig.module?.rules?.find((r) => r.test.test(resolved));
    expect(rule?.resolve.conditionNames).toContain('import');
    expect(rule?.resolve.conditionNames).not.toContain('require');
    expect(rule?.test.test(require.resolve('react'))).toBe(false);
  });

  it('takes React Router’s production build in a production build, and its development build otherwise', () => {
    const aliasOf = (isProd: boolean) => {
      const rspackConfig: { resolve?: { alias?: Record<string, string> } } = {};
      const rspack = { NormalModuleReplacementPlugin: class {} };
      for (const step of config.tools?.rspack as unknown[])
        if (typeof step === 'function') step(rspackConfig, { isProd, appendPlugins: () => undefined, rspack });
      return rspackConfig.resolve?.alias?.['react-router$'];
    };
    const production = aliasOf(true)!;
    expect(production).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    // The build the package's exports give every bundler has its warnings on; this one has them off.
    const chunks = [...readFileSync(production, 'utf8').matchAll(/from "\.\/(chunk-\w+\.mjs)"/g)].map(([, file]) =>
      readFileSync(path.join(path.dirname(production), file), 'utf8'),
    );
    expect(chunks.some((code) => code.includes('ENABLE_DEV_WARNINGS = false'))).toBe(true);
    expect(aliasOf(false)).toBeUndefined();
  });

  it('serves on the shell’s port and sends /api to the API', () => {
    expect(config.server?.port).toBe(DEV_PORTS.shell);
    expect(config.server?.proxy).toEqual({ '/api': 'http://127.0.0.1:3000' });
    expect(config.source?.entry).toEqual({ index: path.join(root, 'src/index.ts') });
  });
});

describe('defineRemoteConfig', () => {
  let root: string;
  const env = { ...process.env };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'aide-remote-'));
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: '@aide/mf-example', version: '1.4.2' }));
    delete process.env.AIDE_REMOTE_VERSION;
    delete process.env.AIDE_REMOTE_DIST_DIR;
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    process.env = { ...env };
  });

  it('exposes the remote’s module under its id and takes antd and every singleton from the shell only', () => {
    const config = defineRemoteConfig(root, { id: 'organiser' });
    const federation = federationOf(config);
    expect(federation.name).toBe('organiser');
    expect(federation.exposes).toEqual({ './module': path.join(root, 'src/module.tsx') });
    expect(federation.shared['antd/es/']).toEqual({ singleton: true, import: false });
    // What the shell shares, the remote asks for by the same key and range, and bundles no copy of.
    expect(federation.shared.react).toEqual({ singleton: true, import: false });
    for (const [key, shell] of Object.entries(sharedDependencies) as [string, SharedConfig][])
      expect([key, federation.shared[key]]).toEqual([
        key,
        { singleton: true, import: false, ...(shell.requiredVersion && { requiredVersion: shell.requiredVersion }) },
      ]);
    expect(federation.shared.zod.requiredVersion).toBe(`^${installedVersion('zod')}`);
    // The icons' base too: the remote's icon chunks hold their SVGs only.
    const iconBase = Object.entries(federation.shared).find(([file]) => file.endsWith('AntdIconLight.js'));
    expect(iconBase?.[1]).toMatchObject({ shareKey: '@ant-design/icons/es/components/AntdIconLight', import: false });
    expect(federation.shareStrategy).toBe('loaded-first');
    expect(config.server?.port).toBe(DEV_PORTS.organiser);
    expect(config.output?.assetPrefix).toBe('auto');
    // Bundling no antd, a remote has no antd-core: the group would make a chunk of its icons' clsx alone.
    const groups = (config.performance?.chunkSplit as { forceSplitting: Record<string, RegExp> }).forceSplitting;
    expect(Object.keys(groups)).toEqual(['zod', 'react-router']);
    // A card and its screen keep the small parts they share each, so the card is one request.
    expect(config.performance?.chunkSplit).toMatchObject({ override: { minSize: REMOTE_MIN_SPLIT } });
    expect(REMOTE_MIN_SPLIT).toBeGreaterThan(15_000);
  });

  it("replaces the bundler runtime Rspack's federation entry imports with the shell's", () => {
    type Plugin = { resourceRegExp: RegExp; newResource: string };
    const rspackConfigs = defineRemoteConfig(root, { id: 'organiser' }).tools?.rspack as unknown[];
    const plugins: Plugin[] = [];
    const rspack = {
      NormalModuleReplacementPlugin: class {
        constructor(
          readonly resourceRegExp: RegExp,
          readonly newResource: string,
        ) {}
      },
    };
    for (const step of rspackConfigs) {
      if (typeof step === 'function') step({}, { appendPlugins: (p: Plugin) => plugins.push(p), rspack });
    }
    expect(plugins).toHaveLength(1);
    // The file Rspack's ModuleFederationPlugin resolves and its entry imports (see its getDefaultEntryRuntimeSource).
    const runtimeTools = require.resolve('@module-federation/runtime-tools');
    const imported = require.resolve('@module-federation/webpack-bundler-runtime', { paths: [runtimeTools] });
    expect(plugins[0].resourceRegExp.test(imported)).toBe(true);
    expect(plugins[0].resourceRegExp.test(imported.replace(/index\.cjs$/, 'initContainerEntry.cjs'))).toBe(false);
    expect(plugins[0].newResource).toBe(path.join(__dirname, 'runtime/remote-bundler-runtime.ts'));
    expect(existsSync(plugins[0].newResource)).toBe(true);
  });

  it("calls the shell's default runtime where Rspack would inline its own, and the shell defines it once", () => {
    type Rule = { test: RegExp | string; use: { loader: string; options: { mode: string; define?: string } }[] };
    const rulesOf = (config: RsbuildConfig) =>
      (
        (config.tools?.rspack as unknown[]).filter((step) => typeof step === 'object') as {
          module: { rules: Rule[] };
        }[]
      )
        .flatMap((step) => step.module.rules)
        .filter((rule) => rule.use[0].loader.endsWith('default-runtime-loader.cjs'));
    // The name Rspack's ModuleFederationPlugin gives the module it inlines (MF_RUNTIME_LOADER in its source).
    const rspackSource = readFileSync(require.resolve('@rspack/core'), 'utf8');
    const inlinedAs = /MF_RUNTIME_LOADER = '([^']+)'/.exec(rspackSource)?.[1] ?? '';
    expect(inlinedAs).not.toBe('');

    const remote = rulesOf(defineRemoteConfig(root, { id: 'organiser' }));
    expect(remote.map((rule) => rule.use[0].options)).toEqual([{ mode: 'global' }]);
    expect((remote[0].test as RegExp).test(inlinedAs)).toBe(true);

    const shell = rulesOf(defineShellConfig(root));
    const defined = path.join(__dirname, 'runtime/default-runtime.js');
    expect(shell.map((rule) => rule.use[0].options)).toEqual([{ mode: 'define' }, { mode: 'import', define: defined }]);
    expect(shell[0].test).toBe(defined);
    expect((shell[1].test as RegExp).test(inlinedAs)).toBe(true);
    expect(readFileSync(path.join(__dirname, 'runtime/provide-bundler-runtime-plugin.ts'), 'utf8')).toContain(
      "import defaultRuntime from './default-runtime.js'",
    );
  });

  it('reports the package version as the build, into dist', () => {
    const config = defineRemoteConfig(root, { id: 'organiser' });
    expect(config.source?.define).toEqual({ __AIDE_REMOTE_VERSION__: JSON.stringify('1.4.2') });
    expect(config.output?.distPath).toEqual({ root: 'dist' });
  });

  it('lets AIDE_REMOTE_VERSION and AIDE_REMOTE_DIST_DIR build a second deployment beside the first', () => {
    process.env.AIDE_REMOTE_VERSION = '2.0.0-canary';
    process.env.AIDE_REMOTE_DIST_DIR = 'dist-canary';
    const config = defineRemoteConfig(root, { id: 'organiser' });
    expect(config.source?.define).toEqual({ __AIDE_REMOTE_VERSION__: JSON.stringify('2.0.0-canary') });
    expect(config.output?.distPath).toEqual({ root: 'dist-canary' });
  });

  it('takes other exposes when given', () => {
    const exposes = { './module': path.join(root, 'src/other.tsx') };
    expect(federationOf(defineRemoteConfig(root, { id: 'email', exposes })).exposes).toBe(exposes);
  });
});
