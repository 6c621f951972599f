/**
 * Build-time half of the module contract: what the shell and every remote share, and the Rsbuild
 * config a remote needs. A remote's rsbuild.config.ts is one call to `defineRemoteConfig`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import devPorts from './dev-ports.json';

/** Loaded once by the shell and reused by every remote (one React, one antd theme, one QueryClient …). */
const SINGLETONS = [
  'react',
  'react-dom',
  'antd',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'dayjs',
  'zod',
  // Workspace libs: the module kit's React context and the api-client's 401 hook must be the
  // shell's instances, so these are singletons too.
  '@aide/module-kit',
  '@aide/api-client',
  '@aide/ui',
  '@aide/contracts',
] as const;

// @ant-design/icons is deliberately NOT shared: a shared package cannot be tree-shaken, so sharing
// it ships all ~830 icons (≈420 kB gzip) to every user at first load. Icons are stateless
// components, so each app bundling only the icons it imports costs a few kB and loses nothing.
// (Measured alternatives: MF shared tree shaking `runtime-infer` rendered `undefined` for icons the
// shell did not use; per-icon deep-import sharing split into ~60 chunks. See ARCHITECTURE.md.)
export const sharedDependencies = Object.fromEntries(SINGLETONS.map((name) => [name, { singleton: true }]));

/** Workspace libs resolve to their TypeScript sources through this package.json exports condition. */
const resolve = { conditionNames: ['@aide/source', '...'] };

/** Where each app's dev server runs (`npm run dev`); the shell's proxies /api to the API on 3000. */
export const DEV_PORTS: Record<string, number> = devPorts;

export function defineShellConfig(root: string): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: 'shell',
        // No build-time remotes: the shell registers them at runtime from GET /api/modules.
        remotes: {},
        shared: sharedDependencies,
        // 'version-first' (the default) fetches every registered remote's entry whenever a lazy
        // chunk initialises sharing, so one dead remote would break the shell's own screens.
        // 'loaded-first' fetches a remote only when its module is asked for; the singletons come
        // from the shell, which loads first, either way.
        shareStrategy: 'loaded-first',
        runtimePlugins: [path.join(root, 'src/federation/remote-failure-plugin.ts')],
        dts: false,
      }),
    ],
    resolve,
    source: { entry: { index: path.join(root, 'src/index.ts') } },
    html: { title: 'Aide', favicon: path.join(root, 'public/favicon.svg'), meta: { description: 'Aide, your personal AI assistant' } },
    server: {
      port: DEV_PORTS.shell,
      proxy: { '/api': 'http://127.0.0.1:3000' },
      historyApiFallback: true,
    },
    output: { distPath: { root: 'dist' } },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  });
}

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

export function defineRemoteConfig(root: string, options: { id: string; exposes?: Record<string, string> }): RsbuildConfig {
  const build = remoteBuildInfo(root);
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: options.id,
        exposes: options.exposes ?? { './module': path.join(root, 'src/module.tsx') },
        shared: sharedDependencies,
        shareStrategy: 'loaded-first',
        dts: false,
      }),
    ],
    resolve,
    source: {
      entry: { index: path.join(root, 'src/index.ts') },
      define: { __AIDE_REMOTE_VERSION__: JSON.stringify(build.version) },
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
