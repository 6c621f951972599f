/** Where each module group's remote is served from, and pointing it somewhere else. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { AdminModuleEntry, UpdateModuleSourcePayload } from '@aide/contracts';

export const ADMIN_MODULES_QUERY_KEY = ['/api/admin/modules'] as const;

export function useAdminModules() {
  return useQuery<AdminModuleEntry[]>({ queryKey: ADMIN_MODULES_QUERY_KEY });
}

export interface UpdateModuleSourceVariables {
  id: string;
  payload: UpdateModuleSourcePayload;
}

export function useUpdateModuleSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateModuleSourceVariables) =>
      api.patch<AdminModuleEntry>(`/api/admin/modules/${encodeURIComponent(id)}`, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_MODULES_QUERY_KEY }),
  });
}
