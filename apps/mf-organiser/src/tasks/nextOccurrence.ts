import type { QueryClient } from '@tanstack/react-query';
import type { Task } from '@aide/contracts';
import type { ToastInput } from '@aide/module-kit';
import { t } from '../i18n/tasks-extra';
import { DATE_TIME, formatLocalInstant } from '../shared/time';
import { TASKS_QUERY_KEY } from './useTasks';

/**
 * The occurrence a completed repeating task brought, from the refreshed list: the newest open task of
 * the same title that carries a repeat rule and is newer than it.
 */
export function nextOccurrenceOf(task: Task, tasks: readonly Task[]): Task | undefined {
  return tasks
    .filter((o) => o.id > task.id && o.title === task.title && o.recurrence && o.status !== 'completed' && o.dueDate)
    .sort((a, b) => b.id - a.id)[0];
}

/**
 * After completing a repeating task (once the list is fresh): 'Next: Thu 3 Dec 2026, 09:00' when the
 * next one is there; nothing when the series has ended.
 */
export function announceNextOccurrence(queryClient: QueryClient, task: Task, toast: (input: ToastInput) => void): void {
  const next = nextOccurrenceOf(task, queryClient.getQueryData<Task[]>(TASKS_QUERY_KEY) ?? []);
  if (next?.dueDate)
    toast({
      title: t('toast.next', {
        date: formatLocalInstant(next.dueDate, 'ddd D MMM YYYY, HH:mm', { weekday: 'short', ...DATE_TIME }),
      }),
    });
}
