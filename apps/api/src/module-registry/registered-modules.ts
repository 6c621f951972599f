import type { ModuleRegistryEntry } from '@aide/contracts';

export type RegisteredModule = Omit<ModuleRegistryEntry, 'manifestUrl'>;

/**
 * Every federated module group the shell can load, in sidebar order. Adding one is one line here
 * plus its remote in apps/mf-<id>; its build is then served at /remotes/<id>/.
 * GET /api/modules lists a module only to users its `module.<id>` feature toggle allows, and a
 * module without that toggle to no one: the seven planned groups have theirs from the
 * create-feature-toggles migration; any other id needs a migration that inserts its toggle.
 */
export const REGISTERED_MODULES: readonly RegisteredModule[] = [
  { id: 'organiser', title: 'Organiser', routes: ['/', '/tasks', '/calendar'] },
  { id: 'email', title: 'Email Manager', routes: ['/email', '/email-test'] },
  { id: 'documents', title: 'Documents', routes: ['/documents'] },
  { id: 'research', title: 'Research Hub', routes: ['/research'] },
  { id: 'social', title: 'Social Media', routes: ['/social'] },
  { id: 'travel', title: 'Travel Planner', routes: ['/travel'] },
  { id: 'website', title: 'Website Manager', routes: ['/website'] },
  // new-remote: entries are added above this line
];
