import { useQuery } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { AccountSummary } from '@aide/contracts';

export function useAccountSummary() {
  return useQuery<AccountSummary>({
    queryKey: ['/api/account'],
    queryFn: () => api.get<AccountSummary>('/api/account'),
  });
}
