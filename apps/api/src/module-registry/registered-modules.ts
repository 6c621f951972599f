import type { ModuleRegistryEntry } from '@aide/contracts';
import { z } from 'zod';

export type RegisteredModule = Omit<ModuleRegistryEntry, 'manifestUrl'>;

/**
 * Every federated module group the shell can load, in sidebar order. Adding one is one line here
 * plus its remote in apps/mf-<id>; its build is then served at /remotes/<id>/.
 * GET /api/modules lists a module only to users its `module.<id>` feature toggle allows, and a
 * module without that toggle to no one: the seven planned groups have theirs from the
 * create-feature-toggles migration; any other id needs a migration that inserts its toggle.
 */
const BUILT_IN_MODULES: readonly RegisteredModule[] = [
  { id: 'organiser', title: 'Organiser', routes: ['/', '/tasks', '/calendar'] },
  { id: 'email', title: 'Email Manager', routes: ['/email', '/email-test'] },
  { id: 'documents', title: 'Documents', routes: ['/documents'] },
  { id: 'research', title: 'Research Hub', routes: ['/research'] },
  { id: 'social', title: 'Social Media', routes: ['/social'] },
  { id: 'travel', title: 'Travel Planner', routes: ['/travel'] },
  { id: 'website', title: 'Website Manager', routes: ['/website'] },
  // new-remote: entries are added above this line
];

const extraModulesSchema = z.array(
  z.strictObject({
    id: z.string().regex(/^[a-z][a-z0-9]*$/),
    title: z.string().min(1),
    routes: z.array(z.string().startsWith('/')).min(1),
  }),
);

/**
 * TEST-ONLY hook: AIDE_E2E_EXTRA_MODULES, a JSON list of `{ id, title, routes }`, registers modules
 * beside the built-in ones, as the one line above would. The composition e2e
 * (apps/e2e/tests/composition.spec.ts) registers the module it builds at test time this way, since
 * a running API cannot be re-compiled; everything else about that module (its toggle, where its
 * remote is served) goes through the ordinary admin API. Unset anywhere but that test run.
 */
export function extraModules(json: string | undefined): RegisteredModule[] {
  if (!json) return [];
  const parsed = extraModulesSchema.safeParse(JSON.parse(json));
  if (!parsed.success)
    throw new Error(`AIDE_E2E_EXTRA_MODULES is not a list of { id, title, routes }: ${parsed.error.message}`);
  return parsed.data;
}

export const REGISTERED_MODULES: readonly RegisteredModule[] = [
  ...BUILT_IN_MODULES,
  ...extraModules(process.env.AIDE_E2E_EXTRA_MODULES),
];
