import type { AdminModuleEntry, ModuleRegistryEntry } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

/** The registry contracts are plain interfaces; these schemas are checked against their keys. */
const entry = {
  id: { type: 'string', example: 'organiser' },
  title: { type: 'string', example: 'Organiser' },
  routes: { type: 'array', items: { type: 'string' }, example: ['/', '/tasks', '/calendar'] },
  manifestUrl: { type: 'string', example: '/remotes/organiser/mf-manifest.json' },
} satisfies Record<keyof ModuleRegistryEntry, SchemaObject>;

const adminEntry = {
  ...entry,
  defaultManifestUrl: { type: 'string', example: '/remotes/organiser/mf-manifest.json' },
  overridden: { type: 'boolean' },
} satisfies Record<keyof AdminModuleEntry, SchemaObject>;

export const MODULE_ENTRY_OPENAPI: SchemaObject = { type: 'object', properties: entry, required: Object.keys(entry) };
export const ADMIN_MODULE_ENTRY_OPENAPI: SchemaObject = {
  type: 'object',
  properties: adminEntry,
  required: Object.keys(adminEntry),
};
