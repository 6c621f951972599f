import { type Season, TRAVEL_DEFAULTS, type TravelPreferences, type TravelStyle, tripDates } from '@aide/contracts';
import { type ClimateZone, climateZoneOf, latitudeOf, tripSeason } from './destinations';
import { shorten } from './interests';

/** What every travel AI task is given: the trip's details, and what the server already knows. */
export interface TripInput {
  destination: string;
  startDate: string;
  endDate: string;
  /** Every date of the trip, in order: the itinerary has one day per date. */
  dates: string[];
  days: number;
  /** Nights of accommodation: one fewer than the days, at least one (a day trip counts one, to be safe). */
  nights: number;
  groupSize: number;
  /** Rooms for the group: two people a room. */
  rooms: number;
  travelStyle: TravelStyle;
  interests: string[];
  /** The user's total budget in USD, or null when the planner estimates one. */
  budget: number | null;
  climateZone: ClimateZone | null;
  /** Approximate latitude where the planner's table has one (the season's weather depends on it), else null. */
  latitude: number | null;
  /** The season at the start date, where the destination has one that the table knows. */
  season: Season | null;
}

/** The trip as the planner sees it, from the plan's details and preferences. */
export function tripInput(plan: {
  destination: string;
  startDate: string;
  endDate: string;
  preferences: TravelPreferences;
  budget: number | null;
}): TripInput {
  const dates = tripDates(plan.startDate, plan.endDate);
  const groupSize = plan.preferences.groupSize || TRAVEL_DEFAULTS.groupSize;
  const climateZone = climateZoneOf(plan.destination);
  return {
    destination: plan.destination,
    startDate: plan.startDate,
    endDate: plan.endDate,
    dates,
    days: dates.length,
    nights: Math.max(1, dates.length - 1),
    groupSize,
    rooms: Math.ceil(groupSize / 2),
    travelStyle: plan.preferences.travelStyle ?? TRAVEL_DEFAULTS.travelStyle,
    interests: plan.preferences.interests ?? [],
    budget: plan.budget,
    climateZone,
    latitude: climateZone ? latitudeOf(plan.destination) : null,
    season: tripSeason(climateZone, plan.startDate),
  };
}

/** The destination as it reads inside a sentence of at most ~200 characters (a typed one may be long). */
export const placeName = (destination: string) => shorten(destination.trim(), 80);

/**
 * The destination inside an activity line: its first part as typed ('Reykjavik' of 'Reykjavik,
 * Iceland'), or 'the area' when even that is too long to read well in a sentence (never cut).
 */
export function placeInSentence(destination: string): string {
  const first = destination.split(',')[0].trim();
  return first && first.length <= 40 ? first : 'the area';
}
