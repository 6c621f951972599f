/** Data access for the Research Hub (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import {
  type EndpointDefinition,
  type RerunResearchPayload,
  researchEndpoints,
  type ResearchReport,
  type StartResearchPayload,
  type UpdateResearchPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';

/** The list's key: ['/api/research', userId], under the path every change invalidates. */
const reportsKey = (userId: number) => queryKeyOf(researchEndpoints.list, { params: { userId } });

/**
 * GET /api/research/:userId with the signed-in user's id: every report, newest first, archived
 * included. The shell refetches it when a research job reports progress or finishes.
 */
export function useResearchReports() {
  const { user } = useHost();
  return useQuery(endpointQuery(researchEndpoints.list, { params: { userId: user.id } }));
}

/** After a change: the answer goes into the list at once (a new card shows), then the list is refetched. */
function useReportMutation<TVariables, TResult>(
  definition: EndpointDefinition,
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
      void invalidateAfter(queryClient, definition);
    },
  });
}

const replace = (list: ResearchReport[], report: ResearchReport) => list.map((r) => (r.id === report.id ? report : r));

export const useStartResearch = () =>
  useReportMutation(
    researchEndpoints.start,
    (payload: StartResearchPayload) => callEndpoint(researchEndpoints.start, { body: payload }),
    (list, report) => [report, ...list.filter((r) => r.id !== report.id)],
  );

export const useRerunResearch = () =>
  useReportMutation(
    researchEndpoints.rerun,
    ({ id, newParameters }: { id: number } & RerunResearchPayload) =>
      callEndpoint(researchEndpoints.rerun, { params: { id }, body: { newParameters } }),
    replace,
  );

export const useSetResearchArchived = () =>
  useReportMutation(
    researchEndpoints.archive,
    ({ id, archived }: { id: number; archived: boolean }) =>
      callEndpoint(archived ? researchEndpoints.archive : researchEndpoints.unarchive, { params: { id } }),
    replace,
  );

export const useUpdateResearch = () =>
  useReportMutation(
    researchEndpoints.update,
    ({ id, payload }: { id: number; payload: UpdateResearchPayload }) =>
      callEndpoint(researchEndpoints.update, { params: { id }, body: payload }),
    replace,
  );

export const useDeleteResearch = () =>
  useReportMutation(
    researchEndpoints.remove,
    (id: number) => callEndpoint(researchEndpoints.remove, { params: { id } }),
    (list, _result, id) => list.filter((r) => r.id !== id),
  );
