import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  createTravelPlanSchema,
  toggleChecklistItemSchema,
  travelPlanSchema,
  travelStatusSchema,
  updateBudgetSchema,
  updateChecklistSchema,
  updateExpensesSchema,
  updateItinerarySchema,
  updateTravelPlanSchema,
} from '../travel';

/** What a change to a plan makes stale: the plan list (its generation job refetches the same). */
export const TRAVEL_CHANGES = ['/api/travel'] as const;

/** A change to one plan, answered with the plan. */
const planChange = <const Path extends `/api/travel/:id${string}`, const Body extends z.ZodType>(
  path: Path,
  body: Body,
  summary: string,
) =>
  endpoint({
    method: 'PATCH',
    path,
    body,
    response: travelPlanSchema,
    invalidates: TRAVEL_CHANGES,
    entity: 'travel-plan',
    summary,
  });

/** Spec §7: the Travel Planner's calls, plus booking and regenerating. Plans are the signed-in user's only. */
export const travelEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/travel/create',
    body: createTravelPlanSchema,
    response: travelPlanSchema,
    invalidates: TRAVEL_CHANGES,
    entity: 'travel-plan',
    summary: 'Create a travel plan',
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/travel/:userId',
    response: z.array(travelPlanSchema),
    summary: "The user's travel plans, by start date",
  }),
  update: planChange('/api/travel/:id', updateTravelPlanSchema, "Edit a plan's destination, dates or preferences"),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/travel/:id',
    response: null,
    status: 204,
    invalidates: TRAVEL_CHANGES,
    entity: 'travel-plan',
    summary: 'Deleted (a generation still running for it stops)',
  }),
  itinerary: planChange(
    '/api/travel/:id/itinerary',
    updateItinerarySchema,
    'Replace the itinerary (Edit Daily Itinerary)',
  ),
  expenses: planChange('/api/travel/:id/expenses', updateExpensesSchema, 'Replace the expenses (Edit Expenses)'),
  checklist: planChange(
    '/api/travel/:id/checklist',
    updateChecklistSchema,
    'Replace the checklist (Edit Travel Checklist)',
  ),
  checklistItem: planChange(
    '/api/travel/:id/checklist/item',
    toggleChecklistItemSchema,
    'Tick or untick one checklist item',
  ),
  budget: planChange(
    '/api/travel/:id/budget',
    updateBudgetSchema,
    'Replace the total budget and its breakdown (Edit Budget)',
  ),
  status: planChange('/api/travel/:id/status', travelStatusSchema, 'Mark the trip booked, or back to planning'),
  regenerate: endpoint({
    method: 'POST',
    path: '/api/travel/:id/regenerate',
    response: travelPlanSchema,
    status: 200,
    invalidates: TRAVEL_CHANGES,
    entity: 'travel-plan',
    summary: 'Write the plan again from its details',
  }),
};
