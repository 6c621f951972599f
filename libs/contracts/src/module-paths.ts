/**
 * Two rules about a remote module's paths that the shell, the module kit's build and the API's
 * preload hints must apply alike. A file of its own, imported as '@aide/contracts/module-paths',
 * so the shell's first paint takes these two functions without the contracts' index and zod.
 */

/**
 * Whether `value` can be a module description's `entry`: a path below the description's folder to
 * a .js file (no scheme or host, no leading '/', no '..'), so a description can only point at a
 * script of the build it describes.
 */
export function isEntryPath(value: unknown): value is string {
  return typeof value === 'string' && /^(?!\.{0,2}\/)(?!.*(?:^|\/)\.\.(?:\/|$))[\w.\-/]+\.js$/.test(value);
}

/** Whether a module's route `path` shows the page at `pathname`: '/' only itself, '/tasks' also '/tasks/42'. */
export const pathShows = (path: string, pathname: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
