import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The part of a remote's aide-module.json this reads (libs/module-kit's ModuleDescription). */
interface Description {
  routes?: unknown;
  widgets?: unknown;
  entry?: unknown;
}

/** The part of a remote's mf-manifest.json this reads: the files each expose needs at once. */
interface Manifest {
  exposes?: { path?: string; assets?: { js?: { sync?: unknown } } }[];
}

/** What a remote's first screen loads before its parts render: its entry and its `module` expose's chunks. */
interface FirstCode {
  routes: string[];
  hasWidgets: boolean;
  scripts: string[];
}

/** The expose the shell loads from every remote (MODULE_EXPOSE in libs/module-kit). */
const MODULE_EXPOSE = './module';

/** A file of the build, below its folder: no scheme, no leading '/', no '..'. */
const isBuildScript = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w.\-/]+\.js$/.test(value) && !value.split('/').includes('..');

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Whether a module's route `route` shows `page` ('/' only itself; '/tasks' also '/tasks/42'), as the shell decides. */
const shows = (route: string, page: string) =>
  route === '/' ? page === '/' : page === route || page.startsWith(`${route}/`);

/**
 * Preload hints for the remote code a page's first screen runs: for each remote served here that
 * owns the page (and on '/', each with a dashboard card), its entry script and the chunks of its
 * `module` expose, from its build's aide-module.json and mf-manifest.json (re-read when a new build
 * replaces them). The shell would ask for them only once its own code has run and registered the
 * remotes; hinted with the page, they are there when it does. A remote whose build names no entry
 * (an older build) is not hinted.
 */
export function remotePreloads(root: string, moduleIds: readonly string[]): (page: string) => string[] {
  const seen = new Map<string, { stamp: string; code: FirstCode | null }>();

  const firstCodeOf = (id: string): FirstCode | null => {
    const dist = path.join(root, `apps/mf-${id}/dist`);
    const files = [path.join(dist, 'aide-module.json'), path.join(dist, 'mf-manifest.json')];
    let stamp: string;
    try {
      stamp = files.map((file) => statSync(file).mtimeMs).join(':');
    } catch {
      return null; // not built
    }
    const cached = seen.get(id);
    if (cached?.stamp === stamp) return cached.code;
    let code: FirstCode | null = null;
    try {
      const description = JSON.parse(readFileSync(files[0], 'utf8')) as Description;
      const manifest = JSON.parse(readFileSync(files[1], 'utf8')) as Manifest;
      const expose = manifest.exposes?.find((e) => e.path === MODULE_EXPOSE);
      if (isBuildScript(description.entry)) {
        const chunks = strings(expose?.assets?.js?.sync).filter(isBuildScript);
        code = {
          routes: strings(description.routes),
          hasWidgets: Array.isArray(description.widgets) && description.widgets.length > 0,
          scripts: [description.entry, ...chunks].map((file) => `/remotes/${id}/${file}`),
        };
      }
    } catch {
      // A build being written: no hint this time.
    }
    seen.set(id, { stamp, code });
    return code;
  };

  return (page) =>
    moduleIds.flatMap((id) => {
      const code = firstCodeOf(id);
      if (!code) return [];
      const shown = code.routes.some((route) => shows(route, page)) || (page === '/' && code.hasWidgets);
      return shown ? code.scripts.map((script) => `<${script}>; rel=preload; as=script`) : [];
    });
}
