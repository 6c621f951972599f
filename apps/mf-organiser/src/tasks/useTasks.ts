/** Data access for the Tasks screen (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { CreateTaskInput, Task, UpdateTaskPayload } from '@aide/contracts';

/** The list's key; the shell's default query function GETs it, and the sidebar badge reads it too. */
export const TASKS_QUERY_KEY = ['/api/tasks'] as const;

export const taskPath = (id: number) => `/api/tasks/${id}`;

export function useTasks() {
  return useQuery<Task[]>({ queryKey: TASKS_QUERY_KEY });
}

/** Refetches the list after a successful change; the mutation stays pending until the list is fresh. */
function useRefetchTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
}

export function useCreateTask() {
  const refetchTasks = useRefetchTasks();
  return useMutation({
    mutationFn: (payload: CreateTaskInput) => api.post<Task>('/api/tasks', payload),
    onSuccess: refetchTasks,
  });
}

export interface UpdateTaskVariables {
  id: number;
  payload: UpdateTaskPayload;
}

/** Mutation key shared by every task update, so a screen can read the changes still in flight. */
export const UPDATE_TASK_MUTATION_KEY = ['tasks', 'update'] as const;

export function useUpdateTask() {
  const refetchTasks = useRefetchTasks();
  return useMutation({
    mutationKey: UPDATE_TASK_MUTATION_KEY,
    mutationFn: ({ id, payload }: UpdateTaskVariables) => api.patch<Task>(taskPath(id), payload),
    onSuccess: refetchTasks,
  });
}

export function useDeleteTask() {
  const refetchTasks = useRefetchTasks();
  return useMutation({
    mutationFn: (id: number) => api.delete(taskPath(id)),
    onSuccess: refetchTasks,
  });
}
