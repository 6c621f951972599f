import { z } from 'zod';
import { calendarEventSchema } from './events';
import { taskSchema } from './tasks';

/**
 * The organiser module's part of GET /api/dashboard (`modules.organiser`), in the user's profile
 * timezone:
 * - todayTasks: open (not completed) tasks due today;
 * - todayTasksChange: that minus the same count for yesterday ('+N from yesterday');
 * - todayEvents: events starting today, by start time, at most DASHBOARD_LIMITS.scheduleEvents;
 * - priorityTasks: up to DASHBOARD_LIMITS.priorityTasks open tasks, high, medium, low, then by due date (none last).
 */
export const organiserDashboardSchema = z.object({
  todayTasks: z.number().int().nonnegative(),
  todayTasksChange: z.number().int(),
  todayEvents: z.array(calendarEventSchema),
  priorityTasks: z.array(taskSchema),
});
export type OrganiserDashboard = z.infer<typeof organiserDashboardSchema>;
