import { failureReason, isUnauthorizedError } from '@aide/api-client';
import { useEffect, useRef } from 'react';
import { useHost } from './host-context';

/** What the hook reads of a react-query result. */
export interface FetchState {
  isError: boolean;
  isFetching: boolean;
  errorUpdatedAt: number;
  error: unknown;
}

/**
 * One destructive toast per failed fetch of a screen's data (a refetch that fails again toasts
 * again), through the shell's toasts. A 401 is left to the shell, which signs the user in again.
 */
export function useFetchFailureToast(query: FetchState, title: string): void {
  const { toast } = useHost();
  const shown = useRef(0);
  const failed = query.isError && !query.isFetching;
  const { errorUpdatedAt: at, error } = query;
  useEffect(() => {
    if (!failed || shown.current === at || isUnauthorizedError(error)) return;
    shown.current = at;
    toast({ title, description: failureReason(error), variant: 'destructive' });
  }, [failed, at, error, title, toast]);
}
