import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import { type ConfirmTwoFactorInput, type DisableTwoFactorInput, twoFactorEndpoints } from '@aide/contracts';

export const TWO_FACTOR_QUERY_KEY = queryKeyOf(twoFactorEndpoints.status);

export function useTwoFactorStatus() {
  return useQuery(endpointQuery(twoFactorEndpoints.status));
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => callEndpoint(twoFactorEndpoints.setup) });
}

/** Confirming turns 2FA on; the status is refetched only when the person has saved the codes (see onDone). */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (input: ConfirmTwoFactorInput) => callEndpoint(twoFactorEndpoints.confirm, { body: input }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => callEndpoint(twoFactorEndpoints.disable, { body: input }),
    onSuccess: () => invalidateAfter(queryClient, twoFactorEndpoints.disable),
  });
}
