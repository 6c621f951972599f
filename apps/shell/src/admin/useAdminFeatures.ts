/** Feature toggles for the Admin Panel (spec §7): list, create, and flip enabled. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { CreateFeatureTogglePayload, FeatureToggle, UpdateFeatureTogglePayload } from '@aide/contracts';

export const ADMIN_FEATURES_QUERY_KEY = ['/api/admin/features'] as const;
export const UPDATE_FEATURE_MUTATION_KEY = ['admin', 'features', 'update'] as const;

export function useAdminFeatures() {
  return useQuery<FeatureToggle[]>({ queryKey: ADMIN_FEATURES_QUERY_KEY });
}

function useRefetchFeatures() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_FEATURES_QUERY_KEY });
}

export function useCreateFeatureToggle() {
  const refetch = useRefetchFeatures();
  return useMutation({
    mutationFn: (payload: CreateFeatureTogglePayload) => api.post<FeatureToggle>('/api/admin/features', payload),
    onSuccess: refetch,
  });
}

export interface UpdateFeatureVariables {
  id: number;
  payload: UpdateFeatureTogglePayload;
}

export function useUpdateFeatureToggle() {
  const refetch = useRefetchFeatures();
  return useMutation({
    mutationKey: UPDATE_FEATURE_MUTATION_KEY,
    mutationFn: ({ id, payload }: UpdateFeatureVariables) =>
      api.patch<FeatureToggle>(`/api/admin/features/${id}`, payload),
    onSuccess: refetch,
  });
}
