/**
 * Stand-in for `@module-federation/enhanced/runtime` in the monolith build (rsbuild.monolith.config.ts
 * aliases the package here): the same pages as one bundle, each remote's `module` expose imported
 * statically (still a lazy chunk, like the federated build's expose) instead of fetched at runtime.
 * Used only to measure what federation costs (bench/frontend.bench.ts); never shipped.
 */
type Expose = () => Promise<unknown>;

/** Every remote's exposes, by `<id>/<expose>`. rsbuild.monolith.config.ts checks each apps/mf-<id> is listed. */
export const MONOLITH_EXPOSES: Record<string, Expose> = {
  'organiser/module': () => import('../../mf-organiser/src/module'),
  'email/module': () => import('../../mf-email/src/module'),
  'documents/module': () => import('../../mf-documents/src/module'),
  'research/module': () => import('../../mf-research/src/module'),
  'social/module': () => import('../../mf-social/src/module'),
  'travel/module': () => import('../../mf-travel/src/module'),
  'website/module': () => import('../../mf-website/src/module'),
};

/** Nothing to register: every remote is already in the bundle. */
export function registerRemotes(_remotes: unknown, _options?: unknown): void {}

export async function loadRemote<T>(id: string): Promise<T | null> {
  const expose = MONOLITH_EXPOSES[id];
  if (!expose) throw new Error(`"${id}" is not part of the monolith build (apps/shell/monolith/federation-runtime.ts)`);
  return (await expose()) as T;
}
