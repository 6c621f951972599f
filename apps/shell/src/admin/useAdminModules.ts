/** Where each module group's remote is served from, and pointing it somewhere else. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import { moduleRegistryEndpoints, type UpdateModuleSourcePayload } from '@aide/contracts';

export const ADMIN_MODULES_QUERY_KEY = queryKeyOf(moduleRegistryEndpoints.adminList);

export function useAdminModules() {
  return useQuery(endpointQuery(moduleRegistryEndpoints.adminList));
}

export interface UpdateModuleSourceVariables {
  id: string;
  payload: UpdateModuleSourcePayload;
}

export function useUpdateModuleSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateModuleSourceVariables) =>
      callEndpoint(moduleRegistryEndpoints.adminUpdate, { params: { id }, body: payload }),
    onSuccess: () => invalidateAfter(queryClient, moduleRegistryEndpoints.adminUpdate),
  });
}
