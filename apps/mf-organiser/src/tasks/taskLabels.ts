import type { TaskPriority, TaskStatus, TaskStatusFilter } from '@aide/contracts';

export const PRIORITY_LABELS: Record<TaskPriority, string> = { high: 'High', medium: 'Medium', low: 'Low' };

export const STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
};

export const STATUS_FILTER_LABELS: Record<TaskStatusFilter, string> = { all: 'All', ...STATUS_LABELS };

/** Spec §4: the status badge shows the status with underscores as spaces ('in progress'). */
export const statusBadgeText = (status: TaskStatus) => status.replaceAll('_', ' ');
