import type { TaskPriority, TaskStatus, TaskStatusFilter } from '@aide/contracts';
import { labels, t } from '../i18n';

/** Labels read in the language shown now (English: the spec's). */
export const PRIORITY_LABELS: Readonly<Record<TaskPriority, string>> = labels({
  high: 'tasks.priority.high',
  medium: 'tasks.priority.medium',
  low: 'tasks.priority.low',
});

export const STATUS_LABELS: Readonly<Record<TaskStatus, string>> = labels({
  pending: 'tasks.status.pending',
  in_progress: 'tasks.status.in_progress',
  completed: 'tasks.status.completed',
});

export const STATUS_FILTER_LABELS: Readonly<Record<TaskStatusFilter, string>> = labels({
  all: 'tasks.status.all',
  pending: 'tasks.status.pending',
  in_progress: 'tasks.status.in_progress',
  completed: 'tasks.status.completed',
});

const BADGE_KEYS = {
  pending: 'tasks.badge.pending',
  in_progress: 'tasks.badge.in_progress',
  completed: 'tasks.badge.completed',
} as const;

/** Spec §4: the status badge shows the status with underscores as spaces ('in progress'). */
export const statusBadgeText = (status: TaskStatus) => t(BADGE_KEYS[status]);
