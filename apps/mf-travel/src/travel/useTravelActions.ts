/** The changes the screen makes, each with its spec §8 toast on failure and a short toast on success. */
import { failureReason, isUnauthorizedError } from '@aide/api-client';
import {
  type CreateTravelPlanPayload,
  type TravelPlan,
  type UpdateBudgetPayload,
  type UpdateChecklistPayload,
  type UpdateExpensesPayload,
  type UpdateItineraryPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import {
  useCreatePlan,
  useDeletePlan,
  useRegeneratePlan,
  useSetPlanStatus,
  useToggleChecklistItem,
  useUpdateBudget,
  useUpdateChecklist,
  useUpdateExpenses,
  useUpdateItinerary,
  useUpdatePlan,
} from './useTravel';
import { messageText, t } from '../i18n';

type PlanPayload = Omit<CreateTravelPlanPayload, 'userId'>;

export function useTravelActions() {
  const { toast, user } = useHost();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const setStatus = useSetPlanStatus();
  const regenerate = useRegeneratePlan();
  const itinerary = useUpdateItinerary();
  const expenses = useUpdateExpenses();
  const checklist = useUpdateChecklist();
  const budget = useUpdateBudget();
  const toggle = useToggleChecklistItem();

  const fail = (title: string, error: unknown) => {
    // A 401 is already announced by the shell, which sends the user to sign in.
    if (!isUnauthorizedError(error))
      toast({ title, description: messageText(failureReason(error)), variant: 'destructive' });
  };

  /** Runs one call; answers true when it worked, false after showing the failure. */
  async function run(call: () => Promise<unknown>, success: string | null, failure: string): Promise<boolean> {
    try {
      await call();
      if (success) toast({ title: success });
      return true;
    } catch (error) {
      fail(failure, error);
      return false;
    }
  }

  return {
    creating: create.isPending,
    updating: update.isPending,
    savingItinerary: itinerary.isPending,
    savingExpenses: expenses.isPending,
    savingChecklist: checklist.isPending,
    savingBudget: budget.isPending,
    /** POST /api/travel/create for the signed-in user (DECISIONS: the API checks the id against the session). */
    create: (payload: PlanPayload) =>
      run(() => create.mutateAsync({ userId: user.id, ...payload }), t('messages.created'), t('messages.createFailed')),
    update: (plan: TravelPlan, payload: PlanPayload) =>
      run(() => update.mutateAsync({ id: plan.id, payload }), t('messages.updated'), t('messages.updateFailed')),
    remove: (plan: TravelPlan) =>
      run(() => remove.mutateAsync(plan.id), t('messages.deleted'), t('messages.deleteFailed')),
    setBooked: (plan: TravelPlan, booked: boolean) =>
      run(
        () => setStatus.mutateAsync({ id: plan.id, status: booked ? 'booked' : 'planning' }),
        booked ? t('messages.booked') : t('messages.unbooked'),
        t('messages.statusFailed'),
      ),
    regenerate: (plan: TravelPlan) =>
      run(() => regenerate.mutateAsync(plan.id), t('messages.regenerated'), t('messages.regenerateFailed')),
    saveItinerary: (plan: TravelPlan, payload: UpdateItineraryPayload) =>
      run(
        () => itinerary.mutateAsync({ id: plan.id, payload }),
        t('messages.itineraryUpdated'),
        t('messages.itineraryFailed'),
      ),
    saveExpenses: (plan: TravelPlan, payload: UpdateExpensesPayload) =>
      run(
        () => expenses.mutateAsync({ id: plan.id, payload }),
        t('messages.expensesUpdated'),
        t('messages.expensesFailed'),
      ),
    saveChecklist: (plan: TravelPlan, payload: UpdateChecklistPayload) =>
      run(
        () => checklist.mutateAsync({ id: plan.id, payload }),
        t('messages.checklistUpdated'),
        t('messages.checklistFailed'),
      ),
    saveBudget: (plan: TravelPlan, payload: UpdateBudgetPayload) =>
      run(() => budget.mutateAsync({ id: plan.id, payload }), t('messages.budgetUpdated'), t('messages.budgetFailed')),
    /** Clicking a checklist item: no success toast (the mark is the feedback); the failure puts it back. */
    toggleItem: (plan: TravelPlan, category: string, itemIndex: number, completed: boolean) =>
      run(
        () => toggle.mutateAsync({ id: plan.id, payload: { category, itemIndex, completed } }),
        null,
        t('messages.checklistItemFailed'),
      ),
  };
}

export type TravelActions = ReturnType<typeof useTravelActions>;
