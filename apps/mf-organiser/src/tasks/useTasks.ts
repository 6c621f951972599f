/** Data access for the Tasks screen (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import { type CreateTaskInput, tasksEndpoints, type UpdateTaskPayload } from '@aide/contracts';

/** The list's key; the sidebar badge reads the same query. */
export const TASKS_QUERY_KEY = queryKeyOf(tasksEndpoints.list);

export function useTasks() {
  return useQuery(endpointQuery(tasksEndpoints.list));
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateTaskInput) => callEndpoint(tasksEndpoints.create, { body: payload }),
    // The mutation stays pending until the lists it changed are fresh.
    onSuccess: () => invalidateAfter(queryClient, tasksEndpoints.create),
  });
}

export interface UpdateTaskVariables {
  id: number;
  payload: UpdateTaskPayload;
}

/** Mutation key shared by every task update, so a screen can read the changes still in flight. */
export const UPDATE_TASK_MUTATION_KEY = ['tasks', 'update'] as const;

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_TASK_MUTATION_KEY,
    mutationFn: ({ id, payload }: UpdateTaskVariables) =>
      callEndpoint(tasksEndpoints.update, { params: { id }, body: payload }),
    onSuccess: () => invalidateAfter(queryClient, tasksEndpoints.update),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(tasksEndpoints.remove, { params: { id } }),
    onSuccess: () => invalidateAfter(queryClient, tasksEndpoints.remove),
  });
}
