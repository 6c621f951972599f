import type { TravelPreferences } from '@aide/contracts';
import { type TripInput, tripInput } from '../src/travel/planner/trip';

/** A trip as the planner sees it, from a few details (a moderate, solo, 3-day trip to Lisbon in June by default). */
export function buildTrip(
  overrides: { destination?: string; startDate?: string; endDate?: string; budget?: number | null } & Partial<
    Omit<TravelPreferences, 'budget'>
  > = {},
): TripInput {
  const {
    destination = 'Lisbon, Portugal',
    startDate = '2027-06-10',
    endDate = '2027-06-12',
    budget = null,
    ...preferences
  } = overrides;
  return tripInput({
    destination,
    startDate,
    endDate,
    budget,
    preferences: { budget: null, interests: [], travelStyle: 'moderate', groupSize: 1, ...preferences },
  });
}
