import { z } from 'zod';
import { endpoint } from '../endpoint';
import { createFeatureToggleSchema, featureToggleSchema, updateFeatureToggleSchema } from '../feature-toggles';
import { featureFlagsSchema } from '../modules';

const TOGGLES = ['/api/admin/features'] as const;

export const featureTogglesEndpoints = {
  /** The front end's view of the non-module flags: on or off for the signed-in user, never the rule. */
  flags: endpoint({
    method: 'GET',
    path: '/api/features',
    response: featureFlagsSchema,
    summary:
      "Every toggle not named module.*, by name: true when it is enabled, the user's plan includes it and, if admin-only, the user is an admin",
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/features',
    response: z.array(featureToggleSchema),
    summary: 'Every feature toggle, by name',
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/features',
    body: createFeatureToggleSchema,
    response: featureToggleSchema,
    invalidates: TOGGLES,
    entity: 'feature-toggle',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/features/:id',
    body: updateFeatureToggleSchema,
    response: featureToggleSchema,
    invalidates: TOGGLES,
    entity: 'feature-toggle',
  }),
};
