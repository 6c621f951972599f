import type { ModuleRegistryEntry } from '@aide/contracts';

export type RegisteredModule = Omit<ModuleRegistryEntry, 'manifestUrl'>;

/**
 * Every federated module group the shell can load, in sidebar order. Adding one is one line here
 * plus its remote in apps/mf-<id>; its build is then served at /remotes/<id>/.
 */
export const REGISTERED_MODULES: readonly RegisteredModule[] = [
  { id: 'organiser', title: 'Organiser', routes: ['/', '/tasks', '/calendar'] },
  // new-remote: entries are added above this line
];
