import { z } from 'zod';
import { planSchema, type UserPlan } from './auth';

/** One federated module group as the API's registry lists it (GET /api/modules). */
export interface ModuleRegistryEntry {
  /** 'organiser', 'email', … — also the federation name of its remote. */
  id: string;
  title: string;
  /** Paths this module owns, e.g. ['/', '/tasks', '/calendar']; used to show a fallback if its remote fails. */
  routes: string[];
  /** URL of the remote's mf-manifest.json. */
  manifestUrl: string;
  /**
   * The remote's aide-module.json (its routes, sidebar entries, widgets and slots as data), when the
   * API serves that remote itself; otherwise the shell reads it beside the manifest. The shell checks
   * its shape (libs/module-kit's ModuleDescription).
   */
  description?: unknown;
}

/** A module group as the admin sees it (GET /api/admin/modules): where its remote is served from. */
export interface AdminModuleEntry extends ModuleRegistryEntry {
  /** The URL from configuration (REMOTE_<ID>_URL or the built-in default). */
  defaultManifestUrl: string;
  /** True when an admin has pointed the module at another manifest. */
  overridden: boolean;
}

const manifestUrl = z
  .string({ error: 'Manifest URL must be text' })
  .trim()
  // abort: a blank URL is reported as missing, not also as malformed.
  .min(1, { error: 'Manifest URL is required', abort: true })
  .max(2000, 'Manifest URL must be at most 2000 characters')
  // An absolute http(s) URL with a host, or a same-origin path (not protocol-relative '//host').
  .regex(
    /^(https?:\/\/[^\s/?#]+[^\s]*|\/(?!\/)\S*)$/i,
    'Manifest URL must be an http(s) URL or a path starting with /',
  );

/** PATCH /api/admin/modules/:id: point a module at another build of its remote; null goes back to the default. */
export const updateModuleSourceSchema = z.object({ manifestUrl: manifestUrl.nullable() }).strict();
export type UpdateModuleSourcePayload = z.output<typeof updateModuleSourceSchema>;

/** GET /api/features: the non-module flags and whether each is on for the signed-in user. */
export type FeatureFlags = Record<string, boolean>;

/** Why a module is hidden from this user. */
export type ModuleLockReason = 'plan' | 'disabled' | 'admin-only';

/**
 * A module group the user may NOT use (GET /api/modules/locked): enough for the shell to answer its
 * routes with a clear "not available on your plan" screen instead of a 404. Never a manifest URL.
 */
export interface LockedModuleEntry {
  id: string;
  title: string;
  routes: string[];
  reason: ModuleLockReason;
  /** With reason 'plan': the lowest plan that includes it. */
  requiredPlan: UserPlan | null;
}

export const moduleRegistryEntrySchema: z.ZodType<ModuleRegistryEntry> = z.object({
  id: z.string(),
  title: z.string(),
  routes: z.array(z.string()),
  manifestUrl: z.string(),
  description: z.unknown().optional(),
});

export const adminModuleEntrySchema: z.ZodType<AdminModuleEntry> = z.object({
  id: z.string(),
  title: z.string(),
  routes: z.array(z.string()),
  manifestUrl: z.string(),
  defaultManifestUrl: z.string(),
  overridden: z.boolean(),
});

export const lockedModuleEntrySchema: z.ZodType<LockedModuleEntry> = z.object({
  id: z.string(),
  title: z.string(),
  routes: z.array(z.string()),
  reason: z.enum(['plan', 'disabled', 'admin-only']),
  requiredPlan: planSchema.nullable(),
});

export const featureFlagsSchema: z.ZodType<FeatureFlags> = z.record(z.string(), z.boolean());
