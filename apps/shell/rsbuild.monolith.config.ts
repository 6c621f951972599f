/**
 * The shell and every remote built as ONE bundle, without Module Federation: the baseline of
 * "the cost of federation" in bench/frontend.bench.ts. Same pages, same Rsbuild settings as the
 * federated build (it starts from defineShellConfig and only removes the federation plugin);
 * `@module-federation/enhanced/runtime` is aliased to a shim whose loadRemote imports each remote's
 * module statically. Build: npm run build:monolith -w @aide/shell (into apps/shell/dist-monolith).
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mergeRsbuildConfig, type RsbuildPlugins } from '@rsbuild/core';
import { RSBUILD_PLUGIN_MODULE_FEDERATION_NAME } from '@module-federation/rsbuild-plugin';
import { defineRemoteConfig, defineShellConfig } from '../../libs/module-kit/build/federation';

const root = import.meta.dirname;
const apps = path.resolve(root, '..');
const shim = path.join(root, 'monolith/federation-runtime.ts');

// Every remote must be in the shim, or the monolith would silently miss its pages.
const remotes = readdirSync(apps).filter(
  (dir) => dir.startsWith('mf-') && existsSync(path.join(apps, dir, 'src/module.tsx')),
);
const shimSource = readFileSync(shim, 'utf8');
const missing = remotes.filter((dir) => !shimSource.includes(`'${dir.slice(3)}/module'`));
if (missing.length)
  throw new Error(
    `${path.relative(apps, shim)} does not import ${missing.join(', ')}: add their module to MONOLITH_EXPOSES`,
  );

const federated = defineShellConfig(root);
const plugins = (federated.plugins ?? []) as RsbuildPlugins;
const isFederation = (plugin: unknown) =>
  !!plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === RSBUILD_PLUGIN_MODULE_FEDERATION_NAME;
if (!plugins.some(isFederation)) throw new Error('defineShellConfig has no Module Federation plugin to remove');

// A remote's code reads __AIDE_REMOTE_VERSION__ (one global name, so one value: the first remote's).
const remoteDefine = defineRemoteConfig(path.join(apps, remotes[0]), { id: remotes[0].slice(3) }).source?.define ?? {};

export default mergeRsbuildConfig(
  { ...federated, plugins: plugins.filter((plugin) => !isFederation(plugin)) },
  {
    resolve: { alias: { '@module-federation/enhanced/runtime$': shim } },
    source: {
      // src/index.ts only adds the async boundary federation needs before sharing; a monolith starts at bootstrap.
      entry: { index: path.join(root, 'src/bootstrap.tsx') },
      define: remoteDefine,
    },
    output: { distPath: { root: 'dist-monolith' } },
  },
);
