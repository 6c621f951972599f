/** The changes the screen makes, each with its spec §8 toast on failure and a short toast on success. */
import { failureReason, isUnauthorizedError } from '@aide/api-client';
import {
  RESEARCH_MESSAGES,
  type RerunResearchPayload,
  type ResearchReport,
  type StartResearchPayload,
  type UpdateResearchPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import {
  useDeleteResearch,
  useRerunResearch,
  useSetResearchArchived,
  useStartResearch,
  useUpdateResearch,
} from './useResearch';

/** Success toasts (the spec names only the failures) and the one failure it does not name. */
export const ACTION_TEXT = {
  started: 'Research started',
  startedHint: 'The report appears here as it progresses.',
  rerun: 'Research restarted',
  updated: 'Report updated',
  archived: 'Report archived',
  unarchived: 'Report restored',
  deleted: 'Report deleted',
  unarchiveFailed: 'Failed to unarchive research report',
} as const;

export function useResearchActions() {
  const { toast, user } = useHost();
  const start = useStartResearch();
  const rerun = useRerunResearch();
  const setArchived = useSetResearchArchived();
  const update = useUpdateResearch();
  const remove = useDeleteResearch();

  /** Runs one call; answers true when it worked, false after showing the failure. */
  async function run(
    call: () => Promise<unknown>,
    success: { title: string; description?: string },
    failure: string,
  ): Promise<boolean> {
    try {
      await call();
      toast(success);
      return true;
    } catch (error) {
      // A 401 is already announced by the shell, which sends the user to sign in.
      if (!isUnauthorizedError(error))
        toast({ title: failure, description: failureReason(error), variant: 'destructive' });
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
        { title: ACTION_TEXT.started, description: ACTION_TEXT.startedHint },
        RESEARCH_MESSAGES.startFailed,
      ),
    rerun: (report: ResearchReport, newParameters: RerunResearchPayload['newParameters']) =>
      run(
        () => rerun.mutateAsync({ id: report.id, newParameters }),
        { title: ACTION_TEXT.rerun },
        RESEARCH_MESSAGES.rerunFailed,
      ),
    setArchived: (report: ResearchReport, archived: boolean) =>
      run(
        () => setArchived.mutateAsync({ id: report.id, archived }),
        { title: archived ? ACTION_TEXT.archived : ACTION_TEXT.unarchived },
        archived ? RESEARCH_MESSAGES.archiveFailed : ACTION_TEXT.unarchiveFailed,
      ),
    update: (report: ResearchReport, payload: UpdateResearchPayload) =>
      run(
        () => update.mutateAsync({ id: report.id, payload }),
        { title: ACTION_TEXT.updated },
        RESEARCH_MESSAGES.updateFailed,
      ),
    remove: (report: ResearchReport) =>
      run(() => remove.mutateAsync(report.id), { title: ACTION_TEXT.deleted }, RESEARCH_MESSAGES.deleteFailed),
  };
}

export type ResearchActions = ReturnType<typeof useResearchActions>;
