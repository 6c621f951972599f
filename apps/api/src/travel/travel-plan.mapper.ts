import { breakdownSum, type TravelPlan, travelPlanEditable, travelStatus } from '@aide/contracts';
import type { TravelPlanEntity } from './travel-plan.entity';

/** The plan as the API answers it; `today` is the date in the user's timezone (status and the edit check follow it). */
export function toTravelPlan(row: TravelPlanEntity, today: string): TravelPlan {
  const status = travelStatus(row, today);
  return {
    id: row.id,
    userId: row.userId,
    destination: row.destination,
    startDate: row.startDate,
    endDate: row.endDate,
    status,
    preferences: row.preferences,
    budget: row.budget,
    budgetBreakdown: row.budgetBreakdown,
    // No budget of the user's, a breakdown the generation wrote: its sum is the planner's estimate.
    estimatedBudget: row.budget === null && row.budgetBreakdown ? breakdownSum(row.budgetBreakdown) : null,
    itinerary: row.itinerary,
    expenses: row.expenses ?? { total: 0, categories: {} },
    checklist: row.checklist,
    recommendations: row.recommendations,
    generation: {
      status: row.generationStatus,
      progress: row.progress,
      stage: row.stage,
      error: row.generationError,
      method: row.generationMethod,
    },
    editable: travelPlanEditable({ status, endDate: row.endDate }, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
