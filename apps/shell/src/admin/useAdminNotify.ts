import { useMemo } from 'react';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { useHost } from '@aide/module-kit';

/** Spec §8 toasts for admin actions: a success, or a destructive failure with the server's message. */
export function useAdminNotify() {
  const { toast } = useHost();
  return useMemo(
    () => ({
      success: (title: string) => toast({ title }),
      failure: (title: string, error: unknown) => {
        // A 401 is already announced by the shell, which sends the user to sign in.
        if (isUnauthorizedError(error)) return;
        toast({ title, description: errorDetail(error), variant: 'destructive' });
      },
    }),
    [toast],
  );
}
