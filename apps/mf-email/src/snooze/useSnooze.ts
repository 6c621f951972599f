/** Snooze and unsnooze one email (issue 24), with a toast either way. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, invalidateAfter, isUnauthorizedError } from '@aide/api-client';
import { emailActionsEndpoints } from '@aide/contracts';
import { formatDateStyle, DATE_STYLES } from '@aide/i18n';
import { useHost } from '@aide/module-kit';
import { serverMessage } from '../shared/emailText';
import { t } from '../i18n/actions';

export const snoozeTime = (iso: string) => formatDateStyle(iso, DATE_STYLES.mediumDateTime);

export function useSnooze() {
  const { toast } = useHost();
  const queryClient = useQueryClient();
  const failed = (error: unknown) => {
    if (!isUnauthorizedError(error))
      toast({ title: t('snooze.failed'), description: serverMessage(error, t('failed')), variant: 'destructive' });
  };
  const snooze = useMutation({
    mutationFn: ({ id, until }: { id: number; until: string }) =>
      callEndpoint(emailActionsEndpoints.snooze, { params: { id }, body: { until } }),
    onSuccess: (email) => {
      toast({ title: t('snooze.done', { time: snoozeTime(email.snoozedUntil ?? '') }) });
      void invalidateAfter(queryClient, emailActionsEndpoints.snooze);
    },
    onError: failed,
  });
  const unsnooze = useMutation({
    mutationFn: (id: number) => callEndpoint(emailActionsEndpoints.unsnooze, { params: { id } }),
    onSuccess: () => {
      toast({ title: t('snooze.back') });
      void invalidateAfter(queryClient, emailActionsEndpoints.unsnooze);
    },
    onError: failed,
  });
  return { snooze, unsnooze };
}
