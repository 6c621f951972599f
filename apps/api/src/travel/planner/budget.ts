import { breakdownCategories, roundCents, TRAVEL_LIMITS, type TravelStyle } from '@aide/contracts';
import type { TripInput } from './trip';

/** The budget breakdown's categories (camel case: the screen spaces them out). */
export const BUDGET_CATEGORIES = ['accommodation', 'food', 'localTransport', 'activities', 'miscellaneous'] as const;
export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number];

/** What one person spends a day, in USD, by travel style (an estimate's starting point, not a price list). */
export const DAILY_BASE: Record<TravelStyle, number> = {
  budget: 80,
  moderate: 180,
  luxury: 450,
  adventure: 200,
  cultural: 170,
  relaxation: 220,
};

/** How each style's day divides between the categories (each row sums to 1). */
export const STYLE_WEIGHTS: Record<TravelStyle, Record<BudgetCategory, number>> = {
  budget: { accommodation: 0.35, food: 0.25, localTransport: 0.15, activities: 0.15, miscellaneous: 0.1 },
  moderate: { accommodation: 0.4, food: 0.25, localTransport: 0.1, activities: 0.15, miscellaneous: 0.1 },
  luxury: { accommodation: 0.5, food: 0.22, localTransport: 0.1, activities: 0.12, miscellaneous: 0.06 },
  adventure: { accommodation: 0.3, food: 0.2, localTransport: 0.15, activities: 0.28, miscellaneous: 0.07 },
  cultural: { accommodation: 0.35, food: 0.25, localTransport: 0.1, activities: 0.22, miscellaneous: 0.08 },
  relaxation: { accommodation: 0.45, food: 0.25, localTransport: 0.08, activities: 0.14, miscellaneous: 0.08 },
};

/**
 * The estimated cost of the trip by category, in whole dollars: accommodation per room (two people
 * a room, a room costing two people's share) and night; everything else per person and day.
 */
export function estimateBreakdown(
  trip: Pick<TripInput, 'travelStyle' | 'groupSize' | 'rooms' | 'days' | 'nights'>,
): Record<BudgetCategory, number> {
  const weights = STYLE_WEIGHTS[trip.travelStyle] ?? STYLE_WEIGHTS.moderate;
  const perPersonDay = (category: BudgetCategory) =>
    (DAILY_BASE[trip.travelStyle] ?? DAILY_BASE.moderate) * weights[category];
  return Object.fromEntries(
    BUDGET_CATEGORIES.map((category) => [
      category,
      Math.round(
        category === 'accommodation'
          ? perPersonDay(category) * 2 * trip.rooms * trip.nights
          : perPersonDay(category) * trip.groupSize * trip.days,
      ),
    ]),
  ) as Record<BudgetCategory, number>;
}

/**
 * Splits `total` in the proportions of `shares` (category → any non-negative weight): whole dollars
 * by the largest remainder, the cents of a total like 1234.50 to the largest share, so the parts
 * add up to the total exactly. Equal parts when every share is 0.
 */
export function splitTotal(total: number, shares: Record<string, number>): Record<string, number> {
  const keys = Object.keys(shares);
  if (!keys.length) return {};
  const weightSum = keys.reduce((sum, key) => sum + Math.max(0, shares[key]), 0);
  const weight = (key: string) => (weightSum > 0 ? Math.max(0, shares[key]) / weightSum : 1 / keys.length);
  const dollars = Math.floor(total);
  const exact = keys.map((key) => ({ key, amount: dollars * weight(key) }));
  const parts = Object.fromEntries(exact.map(({ key, amount }) => [key, Math.floor(amount)]));
  let left = dollars - Object.values(parts).reduce((sum, amount) => sum + amount, 0);
  for (const { key } of [...exact].sort(
    (a, b) => b.amount - Math.floor(b.amount) - (a.amount - Math.floor(a.amount)),
  )) {
    if (left <= 0) break;
    parts[key] += 1;
    left -= 1;
  }
  const largest = keys.reduce((best, key) => (parts[key] > parts[best] ? key : best), keys[0]);
  parts[largest] = roundCents(parts[largest] + (total - dollars));
  return parts;
}

export interface PlannedBudget {
  /** The plan's total: the user's, or the sum of the estimate (then `estimated`). */
  total: number;
  /**
   * True when the person set no budget and the total is the planner's estimate: the plan stores it
   * apart from the person's budget (which stays null) and the screen labels it as an estimate.
   */
  estimated: boolean;
  /** Category → amount, summing to the total exactly. */
  breakdown: Record<string, number>;
  /** The total per day of the trip (the group's), whole dollars. */
  dailyBudget: number;
}

const sum = (breakdown: Record<string, number>) =>
  roundCents(Object.values(breakdown).reduce((total, amount) => total + amount, 0));

/** The offline engine's budget: the user's total split in the estimate's proportions, or the estimate itself. */
export function offlineBudget(trip: TripInput): Record<string, number> {
  const estimate = estimateBreakdown(trip);
  return trip.budget !== null ? splitTotal(trip.budget, estimate) : estimate;
}

/**
 * Whatever breakdown the engine returned, the budget the plan stores: categories without the total
 * keys (and dailyBudget), at most the cap of them, amounts that are numbers; then, when the user gave a total, the
 * breakdown is scaled to it (so it sums to it exactly); otherwise the total is the breakdown's sum.
 * An empty, all-zero or absurd (over the amount cap) answer falls back to the offline estimate.
 */
export function fitBudget(answer: Record<string, number>, trip: TripInput): PlannedBudget {
  let breakdown = Object.fromEntries(
    breakdownCategories(answer)
      .filter(({ key, amount }) => key !== 'dailyBudget' && Number.isFinite(amount) && amount >= 0)
      .slice(0, TRAVEL_LIMITS.categoriesMax)
      .map(({ key, amount }) => [key, Math.min(roundCents(amount), TRAVEL_LIMITS.amountMax)]),
  );
  if (sum(breakdown) <= 0 || sum(breakdown) > TRAVEL_LIMITS.amountMax) breakdown = estimateBreakdown(trip);
  if (trip.budget !== null) breakdown = splitTotal(trip.budget, breakdown);
  const total = trip.budget ?? sum(breakdown);
  return {
    total,
    estimated: trip.budget === null,
    breakdown,
    dailyBudget: Math.round(total / Math.max(1, trip.days)),
  };
}
