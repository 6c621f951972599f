import { z } from 'zod';
import { emailIntegrationSchema } from './email';

// ---- Email sync (spec: email §2 Integrations panel 'Sync Now', §7 POST /api/email-integrations/{id}/sync) ----

/**
 * POST /api/email-integrations/:id/sync answers 202 with the account and `syncing: true`: the sync
 * runs as a background job; its outcome shows on the account (lastSyncAt, or lastSyncError and
 * isActive false for a refused sign-in) and, for a failure, as a 'sync_failed' notification.
 */
export const emailSyncStartedSchema = emailIntegrationSchema.extend({ syncing: z.literal(true) });
export type EmailSyncStarted = z.infer<typeof emailSyncStartedSchema>;
