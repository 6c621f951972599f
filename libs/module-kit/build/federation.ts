/**
 * Build-time half of the module contract: what the shell and every remote share, and the Rsbuild
 * config a remote needs. A remote's rsbuild.config.ts is one call to `defineRemoteConfig`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type ModifyRspackConfigFn, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import devPorts from './dev-ports.json';
import { pluginAntdStyles } from './antd-styles/antd-styles';
import { pluginModuleDescription } from './module-description';
import { pluginPrecompress } from './precompress';

const require = createRequire(import.meta.url);
/** The installed version of a package (a shared module whose `import` is our own file needs it spelled out). */
function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}

/** Loaded once by the shell and reused by every remote (one React, one antd theme, one QueryClient …). */
const SINGLETONS = [
  'react',
  'react-dom',
  // One dayjs, so the plugins one app extends it with (relativeTime …) hold in every app.
  'dayjs',
  // Workspace libs: the module kit's React context and the api-client's 401 hook must be the
  // shell's instances, so these are singletons too.
  '@aide/module-kit',
  '@aide/api-client',
  // One language for the whole page: the locale, the loaded catalogs and dayjs's names are state.
  '@aide/i18n',
  '@lingui/core',
] as const;

// Not shared, on purpose: code with no state of its own, which each app tree-shakes to what it uses
// (a shared module is always loaded whole): @aide/contracts (each app keeps the schemas it uses), @aide/ui (stateless antd compositions; its antd parts are shared).
// The same holds for @ant-design/icons:

// @ant-design/icons: a shared package cannot be tree-shaken, so sharing
// it ships all ~830 icons (≈420 kB gzip) to every user at first load. Icons are stateless
// components, so each app bundling only the icons it imports costs a few kB and loses nothing.
// (Measured alternatives: MF shared tree shaking `runtime-infer` rendered `undefined` for icons the
// shell did not use; per-icon deep-import sharing split into ~60 chunks. See ARCHITECTURE.md.)
export const sharedDependencies = {
  ...Object.fromEntries(SINGLETONS.map((name) => [name, { singleton: true }])),
  // antd per component (see antdImports below): every `antd/es/<component>` is its own shared singleton.
  'antd/es/': { singleton: true },
  // The routing API the apps use, not all of React Router (see shared/react-router-dom.ts).
  'react-router-dom': facade('react-router-dom'),
  // The query client and the hooks the apps call, not all of react-query (see shared/react-query.ts).
  '@tanstack/react-query': facade('@tanstack/react-query', 'react-query'),
  // Every call is made through an endpoint contract, whose schemas need zod: the shell's first
  // paint loads it (its sign-in form did anyway), so the remotes reuse that copy, not one each;
  // only the members the apps use (see shared/zod.ts).
  zod: facade('zod'),
};

/** A remote's side of what the shell shares: the same keys and version ranges, and no copy of its own. */
function sharedFromShellOnly(shared: Record<string, { singleton: boolean; requiredVersion?: string }>) {
  return Object.fromEntries(
    Object.entries(shared).map(([key, { singleton, requiredVersion }]) => [
      key,
      { singleton, import: false as const, ...(requiredVersion && { requiredVersion }) },
    ]),
  );
}

/** A package shared as our own file of the part the apps use (shared/<file>.ts), at the installed version. */
function facade(name: string, file = name) {
  const version = packageVersion(name);
  return {
    singleton: true,
    import: path.join(import.meta.dirname, `shared/${file}.ts`),
    version,
    requiredVersion: `^${version}`,
  };
}

/**
 * The shell provides every antd component, not only those it renders itself. A remote that asked
 * for one the shell lacked would fall back to its own copy, and with it its own copy of antd's
 * internals: a second ConfigProvider context (no theme, no dark mode), a second cssinjs cache and
 * a second react-dom. Provided is not downloaded: each component is a lazy chunk, fetched when a
 * screen first renders it.
 */
function antdComponentsProvidedByShell() {
  const es = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
  const version = packageVersion('antd');
  return Object.fromEntries(
    readdirSync(es, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(es, entry.name, 'index.js')))
      // With an `import` path of its own, a provide's version must be spelled out (it would be 0).
      .map((entry) => [
        `antd/es/${entry.name}`,
        { singleton: true, import: path.join(es, entry.name, 'index.js'), version, requiredVersion: `^${version}` },
      ]),
  );
}

/**
 * The base every @ant-design/icons icon renders through (AntdIconLight: the icon context, IconBase,
 * the icon styles' one-time insertion; ≈2.3 kB gzip). Icons themselves stay each app's (see above),
 * but their base is shared by its file, as the shell provides it: a remote's icon chunk holds only
 * its SVG definitions, and its icons read the shell's icon context (antd's ConfigProvider sets it),
 * which a copy of their own never saw. The file is matched where the icons import it from
 * ('../components/AntdIconLight'), so the share key is spelled out.
 */
const ICON_BASE_FILE = path.join(
  path.dirname(require.resolve('@ant-design/icons/package.json')),
  'es/components/AntdIconLight.js',
);
function iconBaseShared(provided: boolean) {
  const version = packageVersion('@ant-design/icons');
  return {
    [ICON_BASE_FILE]: {
      singleton: true,
      shareKey: '@ant-design/icons/es/components/AntdIconLight',
      import: provided ? ICON_BASE_FILE : (false as const),
      version,
      requiredVersion: `^${version}`,
    },
  };
}

/**
 * `import { Button } from 'antd'` compiles to `import Button from 'antd/es/button'`, so antd is shared
 * per component instead of as one 1.4 MB module: a page downloads the components it renders.
 */
export const antdImports = [
  { libraryName: 'antd', libraryDirectory: 'es', camelToDashComponentName: true, style: false },
];

/** Workspace libs resolve to their TypeScript sources through this package.json exports condition. */
const resolve = { conditionNames: ['@aide/source', '...'] };

/** What antd-core holds (see performance below): left out of every other group. */
const ANTD_CORE_DIRS = new Set(['_util', 'theme', 'style', 'config-provider', 'locale', 'version']);
const ANTD_CORE_PACKAGES = new Set([
  '@rc-component/util',
  '@rc-component/motion',
  '@rc-component/resize-observer',
  '@rc-component/trigger',
  '@rc-component/portal',
  '@ant-design/cssinjs',
  '@ant-design/cssinjs-utils',
  '@ant-design/colors',
  '@ant-design/fast-color',
  '@emotion/hash',
  '@emotion/unitless',
  'stylis',
  '@babel/runtime',
  // Small modules nearly every component imports: under minSize for a chunk of their own, they
  // were copied into a dozen 1 kB chunks.
  'clsx',
  'react-is',
  'is-mobile',
]);
const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '[\\\\/]');

/**
 * antd-core: what every antd component needs (theme, cssinjs, config, motion, popups) in one chunk,
 * one request instead of dozens, and it compresses better whole than in pieces. Not the other
 * languages' antd locales (es_ES …): the shell loads only the one chosen; but the English texts
 * of the pickers and pagination that antd's en_US locale brings.
 */
const ANTD_CORE = new RegExp(
  'node_modules[\\\\/](?:' +
    [
      `antd[\\\\/]es[\\\\/](?:${[...ANTD_CORE_DIRS].filter((dir) => dir !== 'locale').join('|')})[\\\\/]`,
      'antd[\\\\/]es[\\\\/]locale[\\\\/](?!(?!en_US)[a-z]{2}_[A-Z])',
      '(?:antd[\\\\/]es|@rc-component[\\\\/][a-z-]+[\\\\/]es)[\\\\/](?:[a-z-]+[\\\\/])?locale[\\\\/](?:en_US|common)\\.js$',
      ...[...ANTD_CORE_PACKAGES].map((name) => `${escapeForRegExp(name)}[\\\\/]`),
    ].join('|') +
    ')',
);
/** Never in an antd group: shared modules are each their own chunk, and icons are each app's. */
const NOT_ANTD_PACKAGES = new Set([
  'react',
  'react-dom',
  'scheduler',
  ...SINGLETONS,
  '@ant-design/icons',
  '@ant-design/icons-svg',
]);

/**
 * The antd components every signed-in cold load renders: the shell's frame (sidebar, top bar,
 * sign-in, account menus and dialogs) and the dashboard's cards. Measured with the front-end
 * bench's request list (npm run bench -- frontend --list): each was a shared chunk of its own, and
 * the frame fetched about 60 of them before the first remote was asked for.
 */
const ANTD_FIRST_SCREEN = [
  'alert',
  'app',
  'avatar',
  'badge',
  'button',
  'card',
  'checkbox',
  'col',
  'divider',
  'dropdown',
  'empty',
  'flex',
  'form',
  'grid',
  'input',
  'layout',
  'menu',
  'message',
  'modal',
  'notification',
  'popover',
  'result',
  'row',
  'skeleton',
  'space',
  'spin',
  'statistic',
  'switch',
  'tag',
  'tooltip',
  'typography',
];

/**
 * Files of those components the first screen never runs: message's and notification's static APIs
 * (message.success() …: their index.js, with the PureList only it renders). The apps call
 * App.useApp()'s, whose hooks are the rest of those folders. The monolith's build leaves them out;
 * the shell still provides them, as a chunk of their own, for a remote that would import them.
 */
const ANTD_FIRST_SCREEN_UNUSED = [
  'message/index.js',
  'message/PureList.js',
  'notification/index.js',
  'notification/PureList.js',
];

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
const jsFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith('.js') && !path.relative(dir, entry.parentPath).includes('node_modules'),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
/** '@rc-component/menu/es/x' → '@rc-component/menu'; 'clsx' → 'clsx'. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The module paths of some antd components with everything they import that antd-core does not
 * hold: the other antd components they render (a Menu renders a Tooltip) and their rc-component
 * packages, followed to the end, read from antd's installed sources (so an antd upgrade follows).
 * With them the icons antd itself renders in those components (an Input's clear ⊗, a Modal's ×),
 * each with its SVG and the icon base: left out, they came as a chunk of icons per component.
 * `except` names files of those components ('message/index.js') the group leaves to chunks of their own.
 */
function antdClosure(components: readonly string[], except: readonly string[] = []): RegExp {
  const es = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
  const dirs = new Set<string>();
  const packages = new Set<string>();
  const visitPackage = (name: string) => {
    if (packages.has(name) || ANTD_CORE_PACKAGES.has(name) || NOT_ANTD_PACKAGES.has(name)) return;
    // Not require.resolve: a package's exports may not include package.json.
    const root = path.join(path.dirname(path.dirname(es)), ...name.split('/'));
    if (!existsSync(path.join(root, 'package.json'))) return;
    packages.add(name);
    const sources = existsSync(path.join(root, 'es')) ? path.join(root, 'es') : root;
    for (const file of jsFilesUnder(sources))
      for (const specifier of importsOf(file)) if (!specifier.startsWith('.')) visitPackage(packageName(specifier));
  };
  const files = new Set<string>();
  const modulesRoot = path.dirname(path.dirname(es));
  const iconFiles = new Set<string>();
  // '@ant-design/icons/es/icons/CloseOutlined' and what it imports inside the icon packages.
  const visitIconFile = (file: string) => {
    if (iconFiles.has(file) || !existsSync(file)) return;
    iconFiles.add(file);
    for (const specifier of importsOf(file)) {
      const target = specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : specifier.startsWith('@ant-design/icons')
          ? path.join(modulesRoot, specifier)
          : undefined;
      if (target) visitIconFile(target.endsWith('.js') ? target : `${target}.js`);
    }
  };
  // A single file borrowed from another component (a context, a helper) does not bring that
  // component's packages: '@rc-component/color-picker' is not the tooltip's, though its util imports it.
  const visitImports = (file: string, withPackages: boolean) => {
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) {
        if (specifier.startsWith('@ant-design/icons/')) visitIconFile(path.join(modulesRoot, `${specifier}.js`));
        else if (withPackages) visitPackage(packageName(specifier));
        continue;
      }
      const [target, ...rest] = path.relative(es, path.resolve(path.dirname(file), specifier)).split(path.sep);
      if (!target || target.startsWith('..') || target === dirOf(file)) continue;
      // '../tooltip' is the component; '../table/TableMeasureRowContext' is one file of another, not all of it.
      if (rest.length === 0 || (rest.length === 1 && rest[0] === 'index')) visitComponent(target);
      else visitFile(path.join(es, target, ...rest).replace(/(?:\.js)?$/, '.js'));
    }
  };
  const dirOf = (file: string) => path.relative(es, file).split(path.sep)[0];
  const visitFile = (file: string) => {
    if (files.has(file) || dirs.has(dirOf(file)) || ANTD_CORE_DIRS.has(dirOf(file)) || !existsSync(file)) return;
    files.add(file);
    visitImports(file, false);
  };
  const visitComponent = (dir: string) => {
    if (dirs.has(dir) || ANTD_CORE_DIRS.has(dir) || !existsSync(path.join(es, dir, 'index.js'))) return;
    dirs.add(dir);
    for (const file of jsFilesUnder(path.join(es, dir))) {
      if (!file.split(path.sep).includes('style')) visitImports(file, true);
      // A style folder's imports are other components' style tokens, not their code, except a
      // helper now and then (a Button's token takes isBright from color-picker's ColorPresets):
      // that one file and the packages it imports (which the build keeps), not the components.
      else
        for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
          const target = `${path.resolve(path.dirname(file), specifier)}.js`;
          const inside = path.relative(es, target).split(path.sep);
          if (existsSync(target) && !inside.includes('style') && !ANTD_CORE_DIRS.has(inside[0]) && inside[0] !== dir) {
            files.add(target);
            for (const imported of importsOf(target))
              if (!imported.startsWith('.')) visitPackage(packageName(imported));
          }
        }
    }
  };
  for (const component of components) visitComponent(component);
  const alternatives = [
    ...[...dirs].map((dir) => `antd[\\\\/]es[\\\\/]${escapeForRegExp(dir)}[\\\\/]`),
    ...[...files]
      .filter((file) => !dirs.has(dirOf(file)))
      .map(
        (file) =>
          `antd[\\\\/]es[\\\\/]${path.relative(es, file).split(path.sep).map(escapeForRegExp).join('[\\\\/]')}$`,
      ),
    ...[...packages].map((name) => `${escapeForRegExp(name)}[\\\\/]`),
    ...[...iconFiles].map(
      (file) => `${path.relative(modulesRoot, file).split(path.sep).map(escapeForRegExp).join('[\\\\/]')}$`,
    ),
  ];
  const exceptions = except.map((file) => `antd[\\\\/]es[\\\\/]${escapeForRegExp(file)}$`);
  return new RegExp(
    `node_modules[\\\\/]${exceptions.length ? `(?!${exceptions.join('|')})` : ''}(?:${alternatives.sort().join('|')})`,
  );
}

/** The least a remote's split chunk holds (raw bytes); see defineRemoteConfig. */
export const REMOTE_MIN_SPLIT = 60_000;

/**
 * zod and React Router each in a chunk of its own, with its facade: grouped with other packages
 * (the default vendor chunks), zod was downloaded by every page that needed only an icon from the
 * same chunk.
 */
const performance = {
  chunkSplit: {
    strategy: 'split-by-experience' as const,
    override: { minSize: 15_000 },
    forceSplitting: {
      // The facades (shared/) were each a chunk of their own, under 1 kB.
      zod: /node_modules[\\/]zod[\\/]|[\\/]build[\\/]shared[\\/]zod\.ts$/,
      'react-router': /node_modules[\\/]react-router[\\/]|[\\/]build[\\/]shared[\\/]react-router-dom\.ts$/,
    },
  },
};

/**
 * Module Federation's bundler runtime (@module-federation/webpack-bundler-runtime, with the SDK and
 * the runtime's helpers under it: ≈10 kB gzip) is in every container's entry. The shell hands its
 * copy to the remotes when it starts (PROVIDE_BUNDLER_RUNTIME, a runtime plugin), and a remote's
 * entry imports REMOTE_BUNDLER_RUNTIME in its place, which takes the shell's and makes what is
 * per container (options, share scope, the instance) its own. BUNDLER_RUNTIME_ENTRY is the file
 * Rspack's federation entry imports (the package's main, resolved from runtime-tools).
 */
const PROVIDE_BUNDLER_RUNTIME = path.join(import.meta.dirname, 'runtime/provide-bundler-runtime-plugin.ts');
const REMOTE_BUNDLER_RUNTIME = path.join(import.meta.dirname, 'runtime/remote-bundler-runtime.ts');
export const BUNDLER_RUNTIME_ENTRY = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/;

/**
 * Rspack's federation "default runtime" (≈1.2 kB gzip), which it inlines at the end of every
 * container's entry, goes the same way: runtime/default-runtime-loader.cjs makes it one function,
 * defined in the shell (DEFAULT_RUNTIME), which the shell's entry imports and hands to the remotes
 * with the bundler runtime, and which a remote's entry calls with its own constants.
 * FEDERATION_ENTRY_RUNTIME is the name Rspack gives the inlined module (a data: URI's match resource).
 */
const DEFAULT_RUNTIME = path.join(import.meta.dirname, 'runtime/default-runtime.js');
const DEFAULT_RUNTIME_LOADER = path.join(import.meta.dirname, 'runtime/default-runtime-loader.cjs');
export const FEDERATION_ENTRY_RUNTIME = /(?:^|[\\/])@module-federation[\\/]runtime[\\/]rspack\.js$/;
const defaultRuntimeRules = (container: 'shell' | 'remote') => [
  ...(container === 'shell'
    ? [{ test: DEFAULT_RUNTIME, use: [{ loader: DEFAULT_RUNTIME_LOADER, options: { mode: 'define' } }] }]
    : []),
  {
    test: FEDERATION_ENTRY_RUNTIME,
    use: [
      {
        loader: DEFAULT_RUNTIME_LOADER,
        options: container === 'shell' ? { mode: 'import', define: DEFAULT_RUNTIME } : { mode: 'global' },
      },
    ],
  },
];

/**
 * Module Federation's runtime packages ship an ES module build and a CommonJS one. Rspack's federation
 * plugin resolves the bundler runtime and the runtime by require.resolve (their .cjs files), which
 * require() the rest, so the shell's entry carried the CommonJS build: some 65 modules, none of which
 * can be concatenated or tree-shaken (the entry: 38.1 kB gzip). Taking the ES module build of every
 * @module-federation file, wherever it is asked for, leaves one concatenated module (32.5 kB). Same
 * packages, same versions: only the form of their code differs.
 */
const federationRuntimeAsEsm: ModifyRspackConfigFn = (config, { appendPlugins, rspack }) => {
  const esmBesides = (file: string) =>
    ['.js', '.mjs'].map((ext) => file.replace(/\.cjs$/, ext)).find((esm) => existsSync(esm)) ?? file;
  // What the federation plugin resolved already (an absolute .cjs path) …
  appendPlugins(
    new rspack.NormalModuleReplacementPlugin(/[\\/]@module-federation[\\/].+\.cjs$/, (data) => {
      if (path.isAbsolute(data.request)) data.request = esmBesides(data.request);
      if (data.createData?.resource) data.createData.resource = esmBesides(data.createData.resource);
    }),
  );
  // … and what those packages import or require of each other.
  config.module ??= {};
  config.module.rules ??= [];
  config.module.rules.push({
    test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
    resolve: { conditionNames: ['import', 'browser', 'default'] },
  });
};

/**
 * React Router 7's package exports point every bundler at its development build (with its
 * development warnings switched on, ENABLE_DEV_WARNINGS); the production build beside it has them
 * off, so a production bundle drops their code. A known issue of the package
 * (remix-run/react-router#14102); until its exports pick the production build, production builds
 * take it by path. The shell bundles React Router for every app (the remotes take the shell's).
 */
const reactRouterProductionBuild: ModifyRspackConfigFn = (config, { isProd }) => {
  if (!isProd) return;
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
  const build = path.join(dist, 'production/index.mjs');
  if (!existsSync(build)) throw new Error(`${build} is missing: has React Router's package layout changed?`);
  config.resolve ??= {};
  config.resolve.alias = { ...(config.resolve.alias as Record<string, string>), 'react-router$': build };
};

/** An import of a name a module does not export fails the build instead of being undefined at run time. */
const tools = {
  rspack: {
    module: {
      parser: { javascript: { exportsPresence: 'error' as const } },
      // Every app's texts (src/i18n/[<part>/]<language>.json, see @aide/i18n) are compiled to Lingui's format here.
      rules: [
        {
          test: /[\\/]i18n[\\/](?:[\w-]+[\\/])?[a-z]{2}\.json$/,
          type: 'javascript/auto',
          use: [{ loader: path.join(import.meta.dirname, '../../i18n/build/catalog-loader.cjs') }],
        },
      ],
    },
  },
};

/** The npm package a module path belongs to ('antd', '@ant-design/cssinjs'), or '(app)' for the app's own code. */
function packageOf(modulePath: string): string {
  const parts = modulePath.split(/node_modules[\\/]/);
  if (parts.length < 2) return '(app)';
  const [first, second, third] = parts[parts.length - 1].split(/[\\/]/);
  // AIDE_CHUNK_REPORT=detail tells antd's components apart ('antd/es/table').
  if (first === 'antd' && process.env.AIDE_CHUNK_REPORT === 'detail') return `antd/${second}/${third}`;
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * A production build also writes dist/chunk-contents.json: for every JS file, the npm packages
 * inside it and their (pre-minification) bytes. The front-end benchmark reads it to tell which
 * packages an app bundles at all (see bench/lib/frontend-assets.ts); it also answers "what is in
 * this chunk?" when looking at bytes (AIDE_CHUNK_REPORT=detail splits antd by component).
 */
const pluginChunkReport = (): RsbuildPlugin => ({
  name: 'aide:chunk-report',
  setup(api) {
    api.onAfterBuild(({ stats }) => {
      if (!stats || 'stats' in stats) return;
      const json = stats.toJson({ all: false, chunks: true, chunkModules: true, ids: true });
      const files: Record<string, Record<string, number>> = {};
      for (const chunk of json.chunks ?? []) {
        const packages: Record<string, number> = {};
        const visit = (modules: typeof chunk.modules) => {
          for (const m of modules ?? []) {
            if (m.modules?.length) visit(m.modules);
            else if (m.nameForCondition || m.name)
              packages[packageOf(m.nameForCondition ?? m.name ?? '')] =
                (packages[packageOf(m.nameForCondition ?? m.name ?? '')] ?? 0) + (m.size ?? 0);
          }
        };
        visit(chunk.modules);
        for (const file of chunk.files ?? []) if (file.endsWith('.js')) files[file] = packages;
      }
      writeFileSync(path.join(api.context.distPath, 'chunk-contents.json'), `${JSON.stringify(files, null, 1)}\n`);
      writeFileSync(
        path.join(api.context.distPath, 'chunk-graph.json'),
        `${JSON.stringify(chunkGraph(stats, api.context.rootPath), null, 1)}\n`,
      );
    });
  },
});

/** Paths in the chunk graph: relative to the app ('src/module.tsx', '../../libs/ui/src/index.ts'), or to node_modules for a package ('react-dom/client.js'). */
function relativeModulePath(name: string, root: string): string {
  const parts = name.split(/node_modules[\\/]/);
  if (parts.length > 1) return parts[parts.length - 1].replaceAll('\\', '/');
  return path.relative(root, path.resolve(root, name)).replaceAll('\\', '/');
}

/** Why a chunk is loaded: an import() in a module of the app, a shared module ('shared: react'), an entry. */
function originOf(moduleName: string | undefined, request: string | undefined, root: string) {
  const shared = /^(?:consume|provide) shared module \([^)]*\) (.+?)@/.exec(moduleName ?? '');
  if (shared) return { shared: shared[1] };
  if (!moduleName) return { entry: request ? relativeModulePath(request, root) : '' };
  if (moduleName === 'container entry' || moduleName.startsWith('container entry ')) return { containerEntry: true };
  return { module: relativeModulePath(moduleName, root), request: request ?? '' };
}

/**
 * dist/chunk-graph.json, for the size budgets (scripts/check-size-budgets.mjs): what is downloaded
 * with what, without a browser. Per chunk: its files, whether the HTML loads it (initial), its names,
 * why it is loaded (origins), the shared modules it consumes (loaded before it runs), and the modules
 * it holds from npm packages and from the workspace's libs. Build-machine paths are left out.
 */
function chunkGraph(stats: { toJson: (options: object) => unknown }, root: string) {
  type StatsModule = {
    moduleType?: string;
    name?: string;
    nameForCondition?: string;
    identifier?: string;
    modules?: StatsModule[];
  };
  type StatsChunk = {
    id?: string | number;
    files?: string[];
    initial?: boolean;
    names?: string[];
    origins?: { moduleName?: string; request?: string }[];
    modules?: StatsModule[];
  };
  const json = stats.toJson({ all: false, chunks: true, chunkModules: true, chunkOrigins: true, ids: true }) as {
    chunks?: StatsChunk[];
  };
  return (json.chunks ?? []).map((chunk) => {
    const consumes = new Set<string>();
    const npmModules = new Set<string>();
    const libModules = new Set<string>();
    const visit = (modules: StatsModule[] | undefined) => {
      for (const m of modules ?? []) {
        if (m.modules?.length) visit(m.modules);
        else if (m.moduleType === 'consume-shared-module') {
          // 'consume shared module (default) react@^19.3.1 (singleton) (fallback: …)' → 'react'
          const key = /consume shared module \([^)]*\) (.+?)@/.exec(m.name ?? m.identifier ?? '')?.[1];
          if (key) consumes.add(key);
        } else if (m.nameForCondition && !m.moduleType?.includes('shared')) {
          const where = relativeModulePath(m.nameForCondition, root);
          if (/node_modules[\\/]/.test(m.nameForCondition)) npmModules.add(where);
          else if (where.startsWith('../')) libModules.add(where);
        }
      }
    };
    visit(chunk.modules);
    const origins = (chunk.origins ?? []).map((o) => originOf(o.moduleName, o.request, root));
    return {
      id: String(chunk.id),
      files: [...(chunk.files ?? [])].sort(),
      initial: Boolean(chunk.initial),
      names: chunk.names ?? [],
      origins: [...new Map(origins.map((o) => [JSON.stringify(o), o])).values()],
      consumes: [...consumes].sort(),
      npmModules: [...npmModules].sort(),
      libModules: [...libModules].sort(),
    };
  });
}

/** Where each app's dev server runs (`npm run dev`); the shell's proxies /api to the API on 3000. */
export const DEV_PORTS: Record<string, number> = devPorts;

export function defineShellConfig(root: string): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginChunkReport(),
      pluginPrecompress(),
      // The first screen's antd CSS as a stylesheet written at build time, not by antd at runtime.
      pluginAntdStyles(),
      pluginModuleFederation({
        name: 'shell',
        // No build-time remotes: the shell registers them at runtime from GET /api/modules.
        remotes: {},
        shared: { ...sharedDependencies, ...antdComponentsProvidedByShell(), ...iconBaseShared(true) },
        // 'version-first' (the default) fetches every registered remote's entry whenever a lazy
        // chunk initialises sharing, so one dead remote would break the shell's own screens.
        // 'loaded-first' fetches a remote only when its module is asked for; the singletons come
        // from the shell, which loads first, either way.
        shareStrategy: 'loaded-first',
        runtimePlugins: [path.join(root, 'src/federation/remote-failure-plugin.ts'), PROVIDE_BUNDLER_RUNTIME],
        dts: false,
        // The shell hands its federation runtime to the remotes with the bundler runtime above it
        // (PROVIDE_BUNDLER_RUNTIME), so each remote entry does not carry its own ≈30 kB gzip copy.
        // Module Federation's own way (experiments.provideExternalRuntime here, externalRuntime in
        // the remotes) is not used: no remote code asks for runtime-core any more, and publishing
        // it whole on a global kept the shell's copy from being tree-shaken (0.55 kB gzip).
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    resolve,
    tools: {
      ...tools,
      rspack: [
        tools.rspack,
        { module: { rules: defaultRuntimeRules('shell') } },
        federationRuntimeAsEsm,
        reactRouterProductionBuild,
      ],
    },
    source: { entry: { index: path.join(root, 'src/index.ts') }, transformImport: antdImports },
    html: {
      title: 'Aide',
      favicon: path.join(root, 'public/favicon.svg'),
      meta: {
        description: 'Aide, your personal AI assistant',
        // The browser's bar takes the page's header colour, light or dark as the system is.
        'theme-color-light': { name: 'theme-color', content: '#ffffff', media: '(prefers-color-scheme: light)' },
        'theme-color-dark': { name: 'theme-color', content: '#141414', media: '(prefers-color-scheme: dark)' },
      },
      // Installable: the web app manifest (public/manifest.webmanifest) and the home-screen icon iOS reads.
      tags: [
        { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' } },
        { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' } },
        // The sign-in check every first screen waits on, asked for while the HTML is read rather
        // than once React, zod and the API client have loaded (≈0.6 s later on a busy 2-core
        // machine); the shell's own fetch then takes the preloaded answer. The module registry's
        // two answers are preloaded too, but only for a browser that has a session: the API adds
        // them to the Link header (apps/api/src/frontends/serve-frontends.ts), so a signed-out
        // visitor is not sent two 401s.
        ...FIRST_SCREEN_API.map((href) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'fetch', href, crossorigin: 'use-credentials' },
        })),
      ],
    },
    server: {
      port: DEV_PORTS.shell,
      proxy: { '/api': 'http://127.0.0.1:3000' },
      historyApiFallback: true,
    },
    output: { distPath: { root: 'dist' } },
    performance: {
      ...performance,
      chunkSplit: {
        ...performance.chunkSplit,
        forceSplitting: {
          ...performance.chunkSplit.forceSplitting,
          // The shared libraries every screen runs on, which the shell provides (see SINGLETONS),
          // in one chunk instead of nine: as Rsbuild's lib-react does for React in the monolith.
          // With the contracts' endpoint() the api-client calls. Not dayjs's languages or plugins,
          // which load when used.
          'shared-libs':
            /node_modules[\\/](?:react|react-dom|scheduler|@tanstack[\\/](?:react-query|query-core)|@lingui[\\/]core)[\\/]|[\\/]build[\\/]shared[\\/]react-query\.ts$|node_modules[\\/]dayjs[\\/](?!(?:esm[\\/])?(?:locale|plugin)[\\/])|libs[\\/](?:(?:module-kit|api-client|i18n)[\\/]src[\\/]|contracts[\\/]src[\\/]endpoint\.ts$)/,
          // See ANTD_CORE; the shell's only (the remotes bundle no antd: there it made a chunk of clsx alone).
          'antd-core': ANTD_CORE,
          // The antd components of the first screen in one chunk instead of ≈60 (see
          // ANTD_FIRST_SCREEN). The shell's only: it provides antd, the remotes bundle none.
          'antd-first-screen': antdClosure(ANTD_FIRST_SCREEN, ANTD_FIRST_SCREEN_UNUSED),
        },
      },
      // index.html names the chunks every first screen needs, so the browser fetches them at once
      // instead of when the federation runtime gets to them (after the entry, then the bootstrap
      // chunk, ran). serve-frontends repeats them as a Link header (and 103 Early Hints over HTTP/2).
      preload: { type: 'async-chunks', include: FIRST_SCREEN_CHUNKS },
    },
  });
}

/** The API answer every first screen waits on, signed in or not: who is signed in. */
export const FIRST_SCREEN_API = ['/api/auth/user'];

/**
 * The named chunks of the shell's first screen (performance.chunkSplit.forceSplitting). With zod:
 * the sign-in check and the module registry are read through their contracts' schemas, so every
 * first screen waits for it; asked for by the federation runtime instead, it arrived 0.1 s after
 * the entry had run.
 */
export const FIRST_SCREEN_CHUNKS = /[\\/](?:shared-libs|antd-core|antd-first-screen|zod)\.[0-9a-f]+\.js$/;

/**
 * A remote reports which build it is (the Admin Panel's Modules tab shows it). AIDE_REMOTE_VERSION
 * overrides the package version, and AIDE_REMOTE_DIST_DIR builds into another folder: together they
 * let a second build be deployed beside the first (see apps/e2e/tests/independent-deployment.spec.ts).
 */
function remoteBuildInfo(root: string) {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return {
    version: process.env.AIDE_REMOTE_VERSION || version,
    distDir: process.env.AIDE_REMOTE_DIST_DIR || 'dist',
  };
}

export function defineRemoteConfig(
  root: string,
  options: { id: string; exposes?: Record<string, string> },
): RsbuildConfig {
  const build = remoteBuildInfo(root);
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginChunkReport(),
      pluginPrecompress(),
      // dist/aide-module.json: the remote's routes, sidebar entries and widgets as data, for the shell.
      pluginModuleDescription(root, build.version),
      pluginModuleFederation({
        name: options.id,
        exposes: options.exposes ?? { './module': path.join(root, 'src/module.tsx') },
        // Everything shared comes from the shell only (import: false, so a remote bundles no copy
        // of its own). For antd it must: with equal versions the runtime could otherwise pick a
        // remote's copy of a component the shell had not loaded yet, and that copy brings its own
        // antd internals (see antdComponentsProvidedByShell). For the singletons a remote's copy was
        // never loaded (the shell, on whose runtime a remote runs, provides each before any remote
        // starts), but each was offered in the remote's entry: ≈0.9 kB gzip of every entry.
        shared: {
          ...sharedFromShellOnly(sharedDependencies),
          'antd/es/': { singleton: true, import: false },
          ...iconBaseShared(false),
        },
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    resolve,
    tools: {
      ...tools,
      rspack: [
        tools.rspack,
        { module: { rules: defaultRuntimeRules('remote') } },
        (_config, { appendPlugins, rspack }) => {
          appendPlugins(new rspack.NormalModuleReplacementPlugin(BUNDLER_RUNTIME_ENTRY, REMOTE_BUNDLER_RUNTIME));
        },
      ],
    },
    performance: {
      ...performance,
      // A remote's screens and cards share code (its icons, its forms): split out at the default
      // 15 kB, the dashboard's card fetched three chunks where one would do. The remote's split
      // chunks are kept to the large parts; the small ones a card and a screen share are in each.
      chunkSplit: { ...performance.chunkSplit, override: { minSize: REMOTE_MIN_SPLIT } },
    },
    source: {
      entry: { index: path.join(root, 'src/index.ts') },
      define: { __AIDE_REMOTE_VERSION__: JSON.stringify(build.version) },
      transformImport: antdImports,
    },
    // 'auto': the remote's chunks load from wherever its manifest was served, so the same build
    // works behind /remotes/<id>/ in production and on its own dev server.
    output: { assetPrefix: 'auto', distPath: { root: build.distDir } },
    server: {
      port: DEV_PORTS[options.id],
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    // Lazy compilation serves chunks through an endpoint on the remote's own dev server that the
    // host page cannot reach; federated screens compile eagerly instead.
    dev: { assetPrefix: 'auto', lazyCompilation: false },
  });
}
