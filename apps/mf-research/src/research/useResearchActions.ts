/** The changes the screen makes, each with its spec §8 toast on failure and a short toast on success. */
import { failureReason, isUnauthorizedError } from '@aide/api-client';
import {
  type RerunResearchPayload,
  type ResearchReport,
  type StartResearchPayload,
  type UpdateResearchPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { t } from '../i18n';
import {
  useDeleteResearch,
  useRerunResearch,
  useSetResearchArchived,
  useStartResearch,
  useUpdateResearch,
} from './useResearch';

export function useResearchActions() {
  const { toast, user } = useHost();
  const start = useStartResearch();
  const rerun = useRerunResearch();
  const setArchived = useSetResearchArchived();
  const update = useUpdateResearch();
  const remove = useDeleteResearch();

  /**
   * Runs one call; answers true when it worked, false after showing the failure. The toasts' texts
   * are read when they show (the language active then), hence functions.
   */
  async function run(
    call: () => Promise<unknown>,
    success: () => { title: string; description?: string },
    failure: () => string,
  ): Promise<boolean> {
    try {
      await call();
      toast(success());
      return true;
    } catch (error) {
      // A 401 is already announced by the shell, which sends the user to sign in.
      if (!isUnauthorizedError(error))
        toast({ title: failure(), description: failureReason(error), variant: 'destructive' });
      return false;
    }
  }

  return {
    starting: start.isPending,
    rerunning: rerun.isPending,
    updating: update.isPending,
    /** POST /api/research/start for the signed-in user (DECISIONS: the API checks the id against the session). */
    start: (payload: Omit<StartResearchPayload, 'userId'>) =>
      run(
        () => start.mutateAsync({ userId: user.id, ...payload }),
        () => ({ title: t('toast.started'), description: t('toast.startedHint') }),
        () => t('toast.startFailed'),
      ),
    rerun: (report: ResearchReport, newParameters: RerunResearchPayload['newParameters']) =>
      run(
        () => rerun.mutateAsync({ id: report.id, newParameters }),
        () => ({ title: t('toast.rerun') }),
        () => t('toast.rerunFailed'),
      ),
    setArchived: (report: ResearchReport, archived: boolean) =>
      run(
        () => setArchived.mutateAsync({ id: report.id, archived }),
        () => ({ title: archived ? t('toast.archived') : t('toast.unarchived') }),
        () => (archived ? t('toast.archiveFailed') : t('toast.unarchiveFailed')),
      ),
    update: (report: ResearchReport, payload: UpdateResearchPayload) =>
      run(
        () => update.mutateAsync({ id: report.id, payload }),
        () => ({ title: t('toast.updated') }),
        () => t('toast.updateFailed'),
      ),
    remove: (report: ResearchReport) =>
      run(
        () => remove.mutateAsync(report.id),
        () => ({ title: t('toast.deleted') }),
        () => t('toast.deleteFailed'),
      ),
  };
}

export type ResearchActions = ReturnType<typeof useResearchActions>;
