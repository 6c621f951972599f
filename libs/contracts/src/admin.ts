import { z } from 'zod';
import { planSchema, roleSchema } from './auth';

/** PATCH /api/admin/users/:userId/role. */
export const updateUserRoleSchema = z.object({ role: roleSchema });
export type UpdateUserRolePayload = z.output<typeof updateUserRoleSchema>;

/** PATCH /api/admin/users/:userId/plan. */
export const updateUserPlanSchema = z.object({ plan: planSchema });
export type UpdateUserPlanPayload = z.output<typeof updateUserPlanSchema>;

/** Spec §9: the Activity tab shows 50 rows; GET /api/admin/activity-logs returns at most these. */
export const ACTIVITY_LOG_PAGE_SIZE = 50;

/** What an activity row records besides who and what: never a request body. */
export interface ActivityLogMetadata {
  /** The HTTP status the mutation answered. */
  status: number;
  /** The route parameters, e.g. { id: '12' }. */
  params: Record<string, string>;
}

/** One successful mutation as GET /api/admin/activity-logs returns it, newest first. */
export interface ActivityLog {
  id: number;
  createdAt: string;
  /** Who made the change; null when signed out or the account was deleted since. */
  userId: number | null;
  /** The method and route pattern, e.g. 'PATCH /api/tasks/:id'. */
  action: string;
  /** The path with its concrete ids, e.g. '/api/tasks/12'. */
  resource: string;
  metadata: ActivityLogMetadata | null;
}

export const activityLogSchema: z.ZodType<ActivityLog> = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  action: z.string(),
  resource: z.string(),
  metadata: z.object({ status: z.number().int(), params: z.record(z.string(), z.string()) }).nullable(),
});
