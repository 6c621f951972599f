/** Small factories for the screen's data (STYLE: fixtures by factory, not copied JSON). */
import {
  localDate,
  type TravelItinerary,
  type TravelPlan,
  type TravelRecommendations,
  type UpdateItineraryPayload,
} from '@aide/contracts';

let nextId = 100;

/** 'YYYY-MM-DD' `days` from today (negative for the past), in the browser's zone as the screen reads it. */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDate(date);
}

export function someRecommendations(fields: Partial<TravelRecommendations> = {}): TravelRecommendations {
  return {
    weather: null,
    attractions: [],
    accommodations: [],
    restaurants: [],
    activities: [],
    localTips: [],
    culture: [],
    safety: [],
    timeline: [],
    budget: null,
    ...fields,
  };
}

/** A plan in planning, a week from now for 5 days, generated, editable, with nothing in it yet. */
export function aPlan(fields: Partial<TravelPlan> = {}): TravelPlan {
  nextId += 1;
  return {
    id: nextId,
    userId: 1,
    destination: `Destination ${nextId}`,
    startDate: daysFromToday(7),
    endDate: daysFromToday(11),
    status: 'planning',
    preferences: { budget: '$3,000', interests: [], travelStyle: 'moderate', groupSize: 2 },
    budget: 3000,
    budgetBreakdown: null,
    estimatedBudget: null,
    itinerary: null,
    expenses: { total: 0, categories: {} },
    checklist: null,
    recommendations: null,
    generation: {
      status: 'completed',
      progress: 100,
      stage: null,
      error: null,
      method: 'offline:template:travel.plan',
    },
    editable: true,
    createdAt: '2026-03-03T14:05:00.000Z',
    updatedAt: '2026-03-03T14:05:00.000Z',
    ...fields,
  };
}

/** `count` named places: 'Place 1', 'Place 2', … with the extra fields given. */
export const places = <T extends object>(
  count: number,
  prefix = 'Place',
  extra: (index: number) => T = () => ({}) as T,
) => Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index + 1}`, ...extra(index + 1) }));

/**
 * An itinerary as the API's JSON has it: optional fields left out. (The contract's output type spells
 * them as present-but-undefined, which JSON never carries.)
 */
export const anItinerary = (fields: UpdateItineraryPayload['itinerary']): TravelItinerary => fields as TravelItinerary;
