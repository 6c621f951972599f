/** One federated module group as the API's registry lists it (GET /api/modules). */
export interface ModuleRegistryEntry {
  /** 'organiser', 'email', … — also the federation name of its remote. */
  id: string;
  title: string;
  /** Paths this module owns, e.g. ['/', '/tasks', '/calendar']; used to show a fallback if its remote fails. */
  routes: string[];
  /** URL of the remote's mf-manifest.json. */
  manifestUrl: string;
}
