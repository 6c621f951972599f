/**
 * The build step that writes a remote's description (see src/description.ts) as aide-module.json
 * beside its mf-manifest.json, from the remote's src/module.meta.ts and its catalogs: the shell reads
 * it to draw the sidebar, the routes and the dashboard before it loads any of the remote's code.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RsbuildPlugin } from '@rsbuild/core';
// By file path: this runs in Node at build time, before the contracts' dist may exist.
import { isEntryPath } from '../../contracts/src/module-paths';
import {
  type IconDefinition,
  type Labels,
  MODULE_DESCRIPTION_FILE,
  type ModuleDescription,
  type ModuleMeta,
} from '../src/description';

const require = createRequire(import.meta.url);
/** @ant-design/icons-svg as @ant-design/icons itself resolves it (the version the apps' icons draw). */
const requireIconSvg = createRequire(require.resolve('@ant-design/icons/package.json'));

/** An icon's SVG as data, by its component name ('MailOutlined'). A name that is no icon fails the build. */
export function iconDefinition(name: string): IconDefinition {
  if (!/^[A-Z][A-Za-z]+$/.test(name)) throw new Error(`"${name}" is not an @ant-design/icons icon name`);
  try {
    return (requireIconSvg(`@ant-design/icons-svg/lib/asn/${name}`) as { default: IconDefinition }).default;
  } catch {
    throw new Error(`"${name}" is not an @ant-design/icons icon name`);
  }
}

/**
 * The description from the meta and the catalogs (language → flat catalog). A label key missing from
 * the English catalog fails the build; another language without it falls back to English in the shell.
 */
export function describeModule(
  meta: ModuleMeta,
  catalogs: Record<string, Record<string, unknown>>,
  version: string,
  icon: (name: string) => IconDefinition = iconDefinition,
): ModuleDescription {
  const labels = (key: string): Labels => {
    if (typeof catalogs.en?.[key] !== 'string')
      throw new Error(`${meta.id}: no English text for "${key}" in ${meta.catalog}`);
    return Object.fromEntries(
      Object.entries(catalogs).flatMap(([locale, catalog]) =>
        typeof catalog[key] === 'string' ? [[locale, catalog[key] as string]] : [],
      ),
    );
  };
  return {
    id: meta.id,
    version,
    routes: [...meta.routes],
    nav: meta.nav.map(({ path: navPath, labelKey, icon: iconName, order, badge }) => ({
      path: navPath,
      label: labels(labelKey),
      icon: icon(iconName),
      ...(order !== undefined && { order }),
      ...(badge && { badge: { ...badge, queryKey: [...badge.queryKey] } }),
    })),
    widgets: (meta.widgets ?? []).map(({ titleKey, ...widget }) => ({ ...widget, title: labels(titleKey) })),
    slots: (meta.slots ?? []).map((fill) => ({ ...fill })),
  };
}

/** The catalogs (<language>.json) of the folder a meta names, by language. */
export function readCatalogs(root: string, meta: ModuleMeta): Record<string, Record<string, unknown>> {
  const folder = path.join(root, 'src', meta.catalog);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => /^[a-z]{2}\.json$/.test(file))
      .map((file) => [
        file.slice(0, 2),
        JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>,
      ]),
  );
}

/** What this step reads of the mf-manifest.json Module Federation writes. */
interface ManifestMeta {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string; type?: string } };
}

/**
 * The entry script's path relative to the manifest, when the shell may load it from there: the
 * remote's chunks find their own URL from the entry's ('auto' publicPath) and the entry is a script
 * that sets a global ('global'). Otherwise undefined, and the shell goes through the manifest.
 */
export function entryBesideManifest(manifest: ManifestMeta): string | undefined {
  const meta = manifest.metaData;
  const entry = meta?.remoteEntry;
  if (meta?.publicPath !== 'auto' || !entry?.name || (entry.type ?? 'global') !== 'global') return undefined;
  const relative = path.posix.join(entry.path ?? '', entry.name);
  return isEntryPath(relative) ? relative : undefined;
}

/**
 * Writes dist/aide-module.json after each build of a remote that has src/module.meta.ts (a remote
 * without one gets none, and the shell loads its code at start to learn its parts, as before).
 */
export const pluginModuleDescription = (root: string, version: string): RsbuildPlugin => ({
  name: 'aide:module-description',
  setup(api) {
    const metaFile = path.join(root, 'src/module.meta.ts');
    if (!existsSync(metaFile)) return;
    api.onAfterBuild(async () => {
      const { meta } = (await import(pathToFileURL(metaFile).href)) as { meta: ModuleMeta };
      const description: ModuleDescription = describeModule(meta, readCatalogs(root, meta), version);
      // Module Federation has written its manifest by now (an asset of the same build).
      const manifestFile = path.join(api.context.distPath, 'mf-manifest.json');
      const entry =
        existsSync(manifestFile) && entryBesideManifest(JSON.parse(readFileSync(manifestFile, 'utf8')) as ManifestMeta);
      if (entry) description.entry = entry;
      writeFileSync(path.join(api.context.distPath, MODULE_DESCRIPTION_FILE), `${JSON.stringify(description)}\n`);
    });
  },
});
