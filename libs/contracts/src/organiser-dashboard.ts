import { z } from 'zod';
import { calendarEventSchema } from './events';
import { taskSchema } from './tasks';

/** The organiser's part of GET /api/dashboard (`modules.organiser`). */
export const organiserDashboardSchema = z.object({
  /** Tasks due today that are not completed. */
  todayTasks: z.number(),
  /** todayTasks minus the same count for yesterday. */
  todayTasksChange: z.number(),
  /** Events starting today in the profile timezone, by start time; at most DASHBOARD_LIMITS.scheduleEvents. */
  todayEvents: z.array(calendarEventSchema),
  /** Up to DASHBOARD_LIMITS.priorityTasks tasks not completed: high, medium, low, then by due date. */
  priorityTasks: z.array(taskSchema),
});
export type OrganiserDashboard = z.infer<typeof organiserDashboardSchema>;
