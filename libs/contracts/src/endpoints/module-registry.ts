import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  adminModuleEntrySchema,
  lockedModuleEntrySchema,
  moduleRegistryEntrySchema,
  updateModuleSourceSchema,
} from '../modules';

export const moduleRegistryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/modules',
    response: z.array(moduleRegistryEntrySchema),
    summary: 'The federated modules the shell loads: those whose module.<id> toggle allows this user',
  }),
  locked: endpoint({
    method: 'GET',
    path: '/api/modules/locked',
    response: z.array(lockedModuleEntrySchema),
    summary:
      "The modules this user may not use, with the reason ('plan', 'disabled' or 'admin-only') and the plan that would include it",
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/modules',
    response: z.array(adminModuleEntrySchema),
    summary: 'Every registered module, whatever its toggle, with its effective and default manifest URLs',
  }),
  /** Point a module at another build of its remote without a redeploy; null goes back to the default. */
  adminUpdate: endpoint({
    method: 'PATCH',
    path: '/api/admin/modules/:id',
    body: updateModuleSourceSchema,
    response: adminModuleEntrySchema,
    invalidates: ['/api/admin/modules'],
    summary: 'The module after the change; GET /api/modules answers the new URL at once',
  }),
};
