/** Data access for the Research Hub (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type {
  RerunResearchPayload,
  ResearchReport,
  StartResearchPayload,
  UpdateResearchPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { RESEARCH_QUERY_KEY, reportsKey } from './researchView';

/**
 * GET /api/research/:userId with the signed-in user's id: every report, newest first, archived
 * included. The shell refetches it when a research job reports progress or finishes.
 */
export function useResearchReports() {
  const { user } = useHost();
  return useQuery<ResearchReport[]>({ queryKey: reportsKey(user.id) });
}

/** After a change: the answer goes into the list at once (a new card shows), then the list is refetched. */
function useReportMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  apply: (list: ResearchReport[], result: TResult, variables: TVariables) => ResearchReport[],
) {
  const queryClient = useQueryClient();
  const { user } = useHost();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<ResearchReport[]>(reportsKey(user.id), (list) =>
        list ? apply(list, result, variables) : list,
      );
      void queryClient.invalidateQueries({ queryKey: RESEARCH_QUERY_KEY });
    },
  });
}

const replace = (list: ResearchReport[], report: ResearchReport) => list.map((r) => (r.id === report.id ? report : r));

export const useStartResearch = () =>
  useReportMutation(
    (payload: StartResearchPayload) => api.post<ResearchReport>('/api/research/start', payload),
    (list, report) => [report, ...list.filter((r) => r.id !== report.id)],
  );

export const useRerunResearch = () =>
  useReportMutation(
    ({ id, newParameters }: { id: number } & RerunResearchPayload) =>
      api.post<ResearchReport>(`/api/research/${id}/rerun`, { newParameters }),
    replace,
  );

export const useSetResearchArchived = () =>
  useReportMutation(
    ({ id, archived }: { id: number; archived: boolean }) =>
      api.post<ResearchReport>(`/api/research/${id}/${archived ? 'archive' : 'unarchive'}`),
    replace,
  );

export const useUpdateResearch = () =>
  useReportMutation(
    ({ id, payload }: { id: number; payload: UpdateResearchPayload }) =>
      api.patch<ResearchReport>(`/api/research/${id}`, payload),
    replace,
  );

export const useDeleteResearch = () =>
  useReportMutation(
    (id: number) => api.delete(`/api/research/${id}`),
    (list, _result, id) => list.filter((r) => r.id !== id),
  );
