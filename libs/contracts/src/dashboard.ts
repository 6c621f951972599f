import { z } from 'zod';

/**
 * Spec §9: the schedule card shows at most 3 events; a research summary is cut above 300
 * characters; at most 5 priority tasks and 3 recent reports.
 */
export const DASHBOARD_LIMITS = {
  scheduleEvents: 3,
  summaryCut: 297,
  summaryMax: 300,
  priorityTasks: 5,
  recentResearch: 3,
} as const;

/**
 * GET /api/dashboard: each enabled module's part, keyed by module id ('organiser', 'email', …); a
 * module the user may not use is absent. A part's shape is its module's business: each module's
 * contract file has its schema (organiserDashboardSchema, emailDashboardSchema, …), and the front
 * end reads a part with `useDashboardPart(moduleId, schema)`.
 */
export const dashboardSchema = z.object({ modules: z.record(z.string(), z.unknown()) });
export type DashboardResponse = z.infer<typeof dashboardSchema>;
