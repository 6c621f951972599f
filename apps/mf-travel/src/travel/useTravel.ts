/** Data access for the Travel Planner (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import {
  type CreateTravelPlanPayload,
  type EndpointDefinition,
  type ToggleChecklistItemPayload,
  travelEndpoints,
  type TravelPlan,
  type TravelStatusPayload,
  type UpdateBudgetPayload,
  type UpdateChecklistPayload,
  type UpdateExpensesPayload,
  type UpdateItineraryPayload,
  type UpdateTravelPlanPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';

/** The plan list's key: the signed-in user's GET /api/travel/:userId. */
export const plansKey = (userId: number) => queryKeyOf(travelEndpoints.list, { params: { userId } });

/**
 * GET /api/travel/:userId with the signed-in user's id: every plan. The shell refetches it when a
 * plan's generation job reports progress or finishes (its events invalidate '/api/travel').
 */
export function useTravelPlans() {
  const { user } = useHost();
  return useQuery(endpointQuery(travelEndpoints.list, { params: { userId: user.id } }));
}

/** After a change: the answer goes into the list at once, then what the endpoint changed is refetched. */
function usePlanMutation<TVariables, TResult>(
  definition: EndpointDefinition,
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
      void invalidateAfter(queryClient, definition);
    },
  });
}

const replace = (list: TravelPlan[], plan: TravelPlan) => list.map((p) => (p.id === plan.id ? plan : p));

export const useCreatePlan = () =>
  usePlanMutation(
    travelEndpoints.create,
    (payload: CreateTravelPlanPayload) => callEndpoint(travelEndpoints.create, { body: payload }),
    (list, plan) => [plan, ...list.filter((p) => p.id !== plan.id)],
  );

export const useUpdatePlan = () =>
  usePlanMutation(
    travelEndpoints.update,
    ({ id, payload }: { id: number; payload: UpdateTravelPlanPayload }) =>
      callEndpoint(travelEndpoints.update, { params: { id }, body: payload }),
    replace,
  );

export const useDeletePlan = () =>
  usePlanMutation(
    travelEndpoints.remove,
    (id: number) => callEndpoint(travelEndpoints.remove, { params: { id } }),
    (list, _result, id) => list.filter((p) => p.id !== id),
  );

export const useSetPlanStatus = () =>
  usePlanMutation(
    travelEndpoints.status,
    ({ id, status }: { id: number } & TravelStatusPayload) =>
      callEndpoint(travelEndpoints.status, { params: { id }, body: { status } }),
    replace,
  );

export const useRegeneratePlan = () =>
  usePlanMutation(
    travelEndpoints.regenerate,
    (id: number) => callEndpoint(travelEndpoints.regenerate, { params: { id } }),
    replace,
  );

export const useUpdateItinerary = () =>
  usePlanMutation(
    travelEndpoints.itinerary,
    ({ id, payload }: { id: number; payload: UpdateItineraryPayload }) =>
      callEndpoint(travelEndpoints.itinerary, { params: { id }, body: payload }),
    replace,
  );

export const useUpdateExpenses = () =>
  usePlanMutation(
    travelEndpoints.expenses,
    ({ id, payload }: { id: number; payload: UpdateExpensesPayload }) =>
      callEndpoint(travelEndpoints.expenses, { params: { id }, body: payload }),
    replace,
  );

export const useUpdateChecklist = () =>
  usePlanMutation(
    travelEndpoints.checklist,
    ({ id, payload }: { id: number; payload: UpdateChecklistPayload }) =>
      callEndpoint(travelEndpoints.checklist, { params: { id }, body: payload }),
    replace,
  );

export const useUpdateBudget = () =>
  usePlanMutation(
    travelEndpoints.budget,
    ({ id, payload }: { id: number; payload: UpdateBudgetPayload }) =>
      callEndpoint(travelEndpoints.budget, { params: { id }, body: payload }),
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
      callEndpoint(travelEndpoints.checklistItem, { params: { id }, body: payload }),
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
        void invalidateAfter(queryClient, travelEndpoints.checklistItem);
    },
  });
}
