import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type {
  ConfirmTwoFactorInput,
  DisableTwoFactorInput,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@aide/contracts';

export const TWO_FACTOR_QUERY_KEY = ['/api/account/two-factor'];

export function useTwoFactorStatus() {
  return useQuery<TwoFactorStatus>({
    queryKey: TWO_FACTOR_QUERY_KEY,
    queryFn: () => api.get<TwoFactorStatus>('/api/account/two-factor'),
  });
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/api/account/two-factor/setup') });
}

/** Confirming turns 2FA on; the status is refetched only when the person has saved the codes (see onDone). */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (input: ConfirmTwoFactorInput) =>
      api.post<TwoFactorRecoveryCodes>('/api/account/two-factor/confirm', input),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => api.post<void>('/api/account/two-factor/disable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
