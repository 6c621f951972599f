import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@aide/api-client';
import { accountDataEndpoints } from '@aide/contracts';

export function useAccountSummary() {
  return useQuery(endpointQuery(accountDataEndpoints.summary));
}
