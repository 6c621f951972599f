import { z } from 'zod';
import { planSchema, USER_PLANS, type UserPlan } from './auth';
import { text } from './text';

export const FEATURE_TOGGLE_LIMITS = { name: 100, description: 500 } as const;

/** A feature toggle as the API returns it (GET /api/admin/features). */
export interface FeatureToggle {
  id: number;
  /** e.g. 'module.organiser' for the toggle that controls a module group. */
  name: string;
  description: string | null;
  enabled: boolean;
  planRequired: UserPlan;
  adminOnly: boolean;
  createdAt: string;
  updatedAt: string;
}

const name = text('Name', FEATURE_TOGGLE_LIMITS.name, { required: 'Name is required' });
const description = text('Description', FEATURE_TOGGLE_LIMITS.description);
const enabled = z.boolean({ error: 'Enabled must be true or false' });
const adminOnly = z.boolean({ error: 'Admin only must be true or false' });

/** POST /api/admin/features. Spec §5: name required; enabled and adminOnly default false, plan free. */
export const createFeatureToggleSchema = z.object({
  name,
  description: description.optional(),
  enabled: enabled.default(false),
  planRequired: planSchema.default('free'),
  adminOnly: adminOnly.default(false),
});
export type CreateFeatureToggleInput = z.input<typeof createFeatureToggleSchema>;
export type CreateFeatureTogglePayload = z.output<typeof createFeatureToggleSchema>;

/** PATCH /api/admin/features/:id: any subset of the fields; `description: null` clears it. */
export const updateFeatureToggleSchema = z.object({
  name: name.optional(),
  description: description.nullable().optional(),
  enabled: enabled.optional(),
  planRequired: planSchema.optional(),
  adminOnly: adminOnly.optional(),
});
export type UpdateFeatureTogglePayload = z.output<typeof updateFeatureToggleSchema>;

/** The name of the toggle that controls a module group, e.g. 'module.organiser'. */
export const moduleToggleName = (moduleId: string) => `module.${moduleId}`;

/** Plans in ascending order: a plan includes everything the plans before it include. */
export function planIncludes(userPlan: UserPlan, required: UserPlan): boolean {
  return USER_PLANS.indexOf(userPlan) >= USER_PLANS.indexOf(required);
}

export const featureToggleSchema: z.ZodType<FeatureToggle> = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  planRequired: planSchema,
  adminOnly: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
