import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isEntryPath, pathShows } from '@aide/contracts/module-paths';

/** The part of a remote's aide-module.json this reads (libs/module-kit's ModuleDescription). */
interface Description {
  routes?: unknown;
  widgets?: unknown;
  entry?: unknown;
}

/** What decides whether a remote's entry is hinted for a page, and the hint. */
interface EntryHint {
  routes: string[];
  hasWidgets: boolean;
  link: string;
}

/**
 * Preload hints for the remote code a page's first screen starts with: the entry script of each
 * remote served here that owns the page (and on '/', of each with a dashboard card), as its build's
 * aide-module.json names it (re-read when a new build replaces the file). The shell asks for the
 * entries only once its own code has run; hinted with the page, they are there when it does.
 *
 * Only the entries: a preload that fails stays in the page until a request takes it, and a hinted
 * chunk that no request took yet (the remote's entry failed first) would hand its failure to the
 * request that Retry makes once the remote is back. An entry's failed preload is taken by the
 * shell's first request for it, so Retry fetches it anew.
 */
export function remotePreloads(root: string, moduleIds: readonly string[]): (page: string) => string[] {
  const seen = new Map<string, { mtimeMs: number; hint: EntryHint | null }>();

  const hintOf = (id: string): EntryHint | null => {
    const file = path.join(root, `apps/mf-${id}/dist/aide-module.json`);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null; // not built
    }
    const cached = seen.get(id);
    if (cached?.mtimeMs === mtimeMs) return cached.hint;
    let hint: EntryHint | null = null;
    try {
      const description = JSON.parse(readFileSync(file, 'utf8')) as Description;
      if (isEntryPath(description.entry))
        hint = {
          routes: Array.isArray(description.routes)
            ? description.routes.filter((route): route is string => typeof route === 'string')
            : [],
          hasWidgets: Array.isArray(description.widgets) && description.widgets.length > 0,
          link: `</remotes/${id}/${description.entry}>; rel=preload; as=script`,
        };
    } catch {
      // A build being written: no hint this time.
    }
    seen.set(id, { mtimeMs, hint });
    return hint;
  };

  return (page) =>
    moduleIds.flatMap((id) => {
      const hint = hintOf(id);
      const shown = hint && (hint.routes.some((route) => pathShows(route, page)) || (page === '/' && hint.hasWidgets));
      return shown ? [hint.link] : [];
    });
}
