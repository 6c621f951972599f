import { useMemo } from 'react';
import { ApiError, isUnauthorizedError } from '@aide/api-client';
import { useHost } from '@aide/module-kit';

/** The readable reason of a failed call: the API's message (e.g. the 409 about the last admin), else the error's text. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error) return error.message;
  return String(error);
}

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
