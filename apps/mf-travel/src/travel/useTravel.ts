/** Data access for the Travel Planner (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type {
  CreateTravelPlanPayload,
  ToggleChecklistItemPayload,
  TravelPlan,
  TravelStatusPayload,
  UpdateBudgetPayload,
  UpdateChecklistPayload,
  UpdateExpensesPayload,
  UpdateItineraryPayload,
  UpdateTravelPlanPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { plansKey, TRAVEL_QUERY_KEY } from './travelView';

/**
 * GET /api/travel/:userId with the signed-in user's id: every plan. The shell refetches it when a
 * plan's generation job reports progress or finishes (its events invalidate '/api/travel').
 */
export function useTravelPlans() {
  const { user } = useHost();
  return useQuery<TravelPlan[]>({ queryKey: plansKey(user.id) });
}

/** After a change: the answer goes into the list at once, then the list is refetched. */
function usePlanMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  apply: (list: TravelPlan[], result: TResult, variables: TVariables) => TravelPlan[],
) {
  const queryClient = useQueryClient();
  const { user } = useHost();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<TravelPlan[]>(plansKey(user.id), (list) =>
        list ? apply(list, result, variables) : list,
      );
      void queryClient.invalidateQueries({ queryKey: TRAVEL_QUERY_KEY });
    },
  });
}

const replace = (list: TravelPlan[], plan: TravelPlan) => list.map((p) => (p.id === plan.id ? plan : p));

export const useCreatePlan = () =>
  usePlanMutation(
    (payload: CreateTravelPlanPayload) => api.post<TravelPlan>('/api/travel/create', payload),
    (list, plan) => [plan, ...list.filter((p) => p.id !== plan.id)],
  );

export const useUpdatePlan = () =>
  usePlanMutation(
    ({ id, payload }: { id: number; payload: UpdateTravelPlanPayload }) =>
      api.patch<TravelPlan>(`/api/travel/${id}`, payload),
    replace,
  );

export const useDeletePlan = () =>
  usePlanMutation(
    (id: number) => api.delete(`/api/travel/${id}`),
    (list, _result, id) => list.filter((p) => p.id !== id),
  );

export const useSetPlanStatus = () =>
  usePlanMutation(
    ({ id, status }: { id: number } & TravelStatusPayload) =>
      api.patch<TravelPlan>(`/api/travel/${id}/status`, { status }),
    replace,
  );

export const useRegeneratePlan = () =>
  usePlanMutation((id: number) => api.post<TravelPlan>(`/api/travel/${id}/regenerate`), replace);

export const useUpdateItinerary = () =>
  usePlanMutation(
    ({ id, payload }: { id: number; payload: UpdateItineraryPayload }) =>
      api.patch<TravelPlan>(`/api/travel/${id}/itinerary`, payload),
    replace,
  );

export const useUpdateExpenses = () =>
  usePlanMutation(
    ({ id, payload }: { id: number; payload: UpdateExpensesPayload }) =>
      api.patch<TravelPlan>(`/api/travel/${id}/expenses`, payload),
    replace,
  );

export const useUpdateChecklist = () =>
  usePlanMutation(
    ({ id, payload }: { id: number; payload: UpdateChecklistPayload }) =>
      api.patch<TravelPlan>(`/api/travel/${id}/checklist`, payload),
    replace,
  );

export const useUpdateBudget = () =>
  usePlanMutation(
    ({ id, payload }: { id: number; payload: UpdateBudgetPayload }) =>
      api.patch<TravelPlan>(`/api/travel/${id}/budget`, payload),
    replace,
  );

/** Sets one checklist item's completed mark in the cached list. */
function withItem(
  list: TravelPlan[] | undefined,
  id: number,
  { category, itemIndex, completed }: ToggleChecklistItemPayload,
) {
  return list?.map((plan) => {
    const items = plan.id === id ? plan.checklist?.[category] : undefined;
    if (!items?.[itemIndex]) return plan;
    return {
      ...plan,
      checklist: {
        ...plan.checklist,
        [category]: items.map((item, index) => (index === itemIndex ? { ...item, completed } : item)),
      },
    };
  });
}

const TOGGLE_KEY = ['travel', 'checklist-item'] as const;

/**
 * PATCH /api/travel/:id/checklist/item, optimistic: the mark changes at once and goes back if the
 * call fails. Only that item is put back, so other toggles made meanwhile stay; the list is refetched
 * once the last of a quick series of toggles is done, so an earlier answer cannot undo a later click.
 */
export function useToggleChecklistItem() {
  const queryClient = useQueryClient();
  const { user } = useHost();
  const key = plansKey(user.id);
  return useMutation({
    mutationKey: TOGGLE_KEY,
    mutationFn: ({ id, payload }: { id: number; payload: ToggleChecklistItemPayload }) =>
      api.patch<TravelPlan>(`/api/travel/${id}/checklist/item`, payload),
    onMutate: async ({ id, payload }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TravelPlan[]>(key, (list) => withItem(list, id, payload));
    },
    onError: (_error, { id, payload }) => {
      queryClient.setQueryData<TravelPlan[]>(key, (list) =>
        withItem(list, id, { ...payload, completed: !payload.completed }),
      );
    },
    // This toggle still counts as running while it settles.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: TOGGLE_KEY }) <= 1)
        void queryClient.invalidateQueries({ queryKey: TRAVEL_QUERY_KEY });
    },
  });
}
