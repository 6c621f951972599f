/** Feature toggles for the Admin Panel (spec §7): list, create, and flip enabled. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import {
  type CreateFeatureTogglePayload,
  featureTogglesEndpoints,
  type UpdateFeatureTogglePayload,
} from '@aide/contracts';

export const ADMIN_FEATURES_QUERY_KEY = queryKeyOf(featureTogglesEndpoints.list);
export const UPDATE_FEATURE_MUTATION_KEY = ['admin', 'features', 'update'] as const;

export function useAdminFeatures() {
  return useQuery(endpointQuery(featureTogglesEndpoints.list));
}

export function useCreateFeatureToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateFeatureTogglePayload) =>
      callEndpoint(featureTogglesEndpoints.create, { body: payload }),
    onSuccess: () => invalidateAfter(queryClient, featureTogglesEndpoints.create),
  });
}

export interface UpdateFeatureVariables {
  id: number;
  payload: UpdateFeatureTogglePayload;
}

export function useUpdateFeatureToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_FEATURE_MUTATION_KEY,
    mutationFn: ({ id, payload }: UpdateFeatureVariables) =>
      callEndpoint(featureTogglesEndpoints.update, { params: { id }, body: payload }),
    onSuccess: () => invalidateAfter(queryClient, featureTogglesEndpoints.update),
  });
}
