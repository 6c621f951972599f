import {
  budgetBreakdownSchema,
  type TravelChecklist,
  travelChecklistSchema,
  type TravelItinerary,
  travelItinerarySchema,
  type TravelRecommendations,
  travelRecommendationsSchema,
} from '@aide/contracts';
import type { AiService } from '../../ai/ai.service';
import { OFFLINE_TEMPLATE_METHOD } from '../../ai/offline/offline.provider';
import { fitBudget, offlineBudget, type PlannedBudget } from './budget';
import { fitChecklist, offlineChecklist } from './checklist';
import { fitItinerary, offlineItinerary } from './itinerary';
import { fitRecommendations, offlineRecommendations } from './recommendations';
import type { TripInput } from './trip';

/** The AI tasks a plan is written with, one per part, each given the TripInput. */
export const TRAVEL_TASKS = {
  recommendations: 'travel.recommendations',
  itinerary: 'travel.itinerary',
  budget: 'travel.budget',
  checklist: 'travel.checklist',
} as const;

/** What a model is asked for each task (the offline engine runs its template instead). */
const INSTRUCTIONS = {
  recommendations: [
    'Recommend for the trip described: destination, dates, group size, travel style and interests.',
    'Name only real, well-known places you are certain exist at the destination; when unsure, leave attractions, restaurants and culture empty rather than guess.',
    'accommodations: kinds of places or areas to stay that suit the style, with area and priceRange ($ to $$$$).',
    'activities: concrete ideas that match the interests and suit the season at the destination on the travel dates. localTips (up to 5), culture (up to 4) and safety (up to 4): short and practical.',
    'weather: { climate, season, seasonalPacking } for the travel dates. Leave timeline empty and budget null.',
  ].join(' '),
  itinerary: [
    'Plan the trip day by day as { timeline: [...] } with exactly one entry per date in `dates`, in order:',
    '{ day: "Day N", date, title, morning, afternoon, evening }, each part one or two sentences.',
    'The first day is the arrival, the last day the departure; shape the days in between by the interests and vary them.',
    'Every part is a concrete suggestion that starts with a verb; no filler such as "Time for X" or "Explore at your own pace"; leave out an interest you have nothing concrete for.',
    "Suit each date's season, daylight and weather at the destination (`season`, `latitude`, `climateZone`): no marked-trail hikes on snow, no swimming in a cold season, no sunset plans where it is dark by mid-afternoon.",
    'Do not invent opening hours, prices or events.',
  ].join(' '),
  budget: [
    'Estimate the costs of the whole trip in USD, for the whole group, by category:',
    'an object of camelCase category names (accommodation, food, localTransport, activities, miscellaneous) to amounts.',
    'Accommodation is for `rooms` rooms and `nights` nights; the rest for `groupSize` people and `days` days, in the travel style.',
    'When `budget` is a number, divide that total between the categories instead.',
  ].join(' '),
  checklist: [
    'Write a checklist to prepare the trip: an object of category names (Documents, Packing, Health, Bookings) to items',
    '{ item, completed: false, required }. Required only for essentials (passport or ID, visa check, transport, accommodation).',
    'Pack for the season and the interests; keep items short.',
  ].join(' '),
} as const;

/** Registers the offline engine's answer for each travel task; call once, at start-up. */
export function registerTravelTemplates(ai: AiService): void {
  ai.registerTemplate(TRAVEL_TASKS.recommendations, (input) => offlineRecommendations(input as TripInput));
  ai.registerTemplate(TRAVEL_TASKS.itinerary, (input) => offlineItinerary(input as TripInput));
  ai.registerTemplate(TRAVEL_TASKS.budget, (input) => offlineBudget(input as TripInput));
  ai.registerTemplate(TRAVEL_TASKS.checklist, (input) => offlineChecklist(input as TripInput));
}

/** The steps of a plan's generation, as the card shows them, with the progress reached at each. */
export const PLAN_STAGES = {
  recommendations: { stage: 'Reading about the destination', progress: 5 },
  itinerary: { stage: 'Planning each day', progress: 30 },
  budget: { stage: 'Estimating the budget', progress: 55 },
  checklist: { stage: 'Writing the checklist', progress: 75 },
} as const;

export interface PlannedTrip {
  recommendations: TravelRecommendations;
  itinerary: TravelItinerary;
  budget: PlannedBudget;
  checklist: TravelChecklist;
  /** How it was written: 'offline:template:travel.plan', or the model(s). */
  method: string;
}

export interface PlanOptions {
  signal?: AbortSignal;
  /** Called as each step starts (the job writes it to the row; it throws to stop a superseded run). */
  onStage: (stage: string, progress: number) => Promise<void>;
}

/** One name for how a plan was written: the offline templates as one, otherwise every engine used. */
export function planMethod(methods: readonly string[]): string {
  if (methods.every((method) => method.startsWith(`${OFFLINE_TEMPLATE_METHOD}:`)))
    return `${OFFLINE_TEMPLATE_METHOD}:travel.plan`;
  return [...new Set(methods)].join(', ').slice(0, 200);
}

/**
 * Writes a plan with whichever AI engine is configured, one part at a time, each validated by the
 * contract's schema and then fitted by the server (fit*): one itinerary day per date, a breakdown
 * that sums to the total, the caps, the season the server knows.
 */
export async function planTrip(ai: AiService, trip: TripInput, { signal, onStage }: PlanOptions): Promise<PlannedTrip> {
  const options = (part: keyof typeof TRAVEL_TASKS) => ({ instructions: INSTRUCTIONS[part], signal });

  await onStage(PLAN_STAGES.recommendations.stage, PLAN_STAGES.recommendations.progress);
  const recommendations = await ai.generateWithMethod(
    TRAVEL_TASKS.recommendations,
    trip,
    travelRecommendationsSchema,
    options('recommendations'),
  );
  await onStage(PLAN_STAGES.itinerary.stage, PLAN_STAGES.itinerary.progress);
  const itinerary = await ai.generateWithMethod(
    TRAVEL_TASKS.itinerary,
    trip,
    travelItinerarySchema,
    options('itinerary'),
  );
  await onStage(PLAN_STAGES.budget.stage, PLAN_STAGES.budget.progress);
  const breakdown = await ai.generateWithMethod(TRAVEL_TASKS.budget, trip, budgetBreakdownSchema, options('budget'));
  await onStage(PLAN_STAGES.checklist.stage, PLAN_STAGES.checklist.progress);
  const checklist = await ai.generateWithMethod(
    TRAVEL_TASKS.checklist,
    trip,
    travelChecklistSchema,
    options('checklist'),
  );

  const budget = fitBudget(breakdown.value, trip);
  return {
    recommendations: fitRecommendations(recommendations.value, trip, budget),
    itinerary: fitItinerary(itinerary.value, trip),
    budget,
    checklist: fitChecklist(checklist.value, trip),
    method: planMethod([recommendations.method, itinerary.method, breakdown.method, checklist.method]),
  };
}
