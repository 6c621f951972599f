import { budgetBreakdownSchema, breakdownSum } from '@aide/contracts';
import { BUDGET_CATEGORIES, estimateBreakdown, fitBudget, offlineBudget, splitTotal } from './budget';
import { buildTrip } from '../../../test/travel-trips';

const total = (breakdown: Record<string, number>) => breakdownSum(breakdown);

describe('estimateBreakdown', () => {
  it('has the five camel-case categories in whole dollars, valid against the contract', () => {
    const breakdown = estimateBreakdown(buildTrip());
    expect(Object.keys(breakdown)).toEqual([...BUDGET_CATEGORIES]);
    expect(Object.values(breakdown).every(Number.isInteger)).toBe(true);
    expect(budgetBreakdownSchema.parse(breakdown)).toEqual(breakdown);
  });

  it('costs a moderate solo 3-day trip as one room for two nights and one person for three days', () => {
    // 180 a day: accommodation 40 % (72 a person, 144 a room) × 2 nights; food 25 % (45) × 3 days…
    expect(estimateBreakdown(buildTrip())).toEqual({
      accommodation: 288,
      food: 135,
      localTransport: 54,
      activities: 81,
      miscellaneous: 54,
    });
  });

  it('scales with the style, the group and the length', () => {
    const cost = (overrides: Parameters<typeof buildTrip>[0]) => total(estimateBreakdown(buildTrip(overrides)));
    expect(cost({ travelStyle: 'luxury' })).toBeGreaterThan(cost({ travelStyle: 'moderate' }));
    expect(cost({ travelStyle: 'moderate' })).toBeGreaterThan(cost({ travelStyle: 'budget' }));
    expect(cost({ groupSize: 4 })).toBeGreaterThan(cost({ groupSize: 1 }));
    expect(cost({ startDate: '2027-06-01', endDate: '2027-06-10' })).toBeGreaterThan(
      cost({ startDate: '2027-06-01', endDate: '2027-06-03' }),
    );
  });

  it('books a room per two people: a group of 3 needs two rooms, a couple one', () => {
    const room = (groupSize: number) => estimateBreakdown(buildTrip({ groupSize })).accommodation;
    expect(room(2)).toBe(room(1));
    expect(room(3)).toBe(2 * room(1));
  });
});

describe('splitTotal', () => {
  it('splits a total in the given proportions, in whole dollars summing to it exactly', () => {
    const parts = splitTotal(1000, { a: 1, b: 1, c: 1 });
    expect(Object.values(parts).every(Number.isInteger)).toBe(true);
    expect(total(parts)).toBe(1000);
    expect(parts).toEqual({ a: 334, b: 333, c: 333 });
  });

  it('keeps the cents of a total like $1,234.50 and still sums exactly', () => {
    const parts = splitTotal(1234.5, { accommodation: 5, food: 3, other: 2 });
    expect(total(parts)).toBe(1234.5);
    expect(parts.accommodation).toBe(617.5);
  });

  it('splits equally when every share is 0', () => {
    expect(splitTotal(10, { a: 0, b: 0 })).toEqual({ a: 5, b: 5 });
  });
});

describe('offlineBudget', () => {
  it("splits the user's total in the style's proportions, summing to it exactly", () => {
    const breakdown = offlineBudget(buildTrip({ budget: 3001 }));
    expect(total(breakdown)).toBe(3001);
    expect(Object.keys(breakdown)).toEqual([...BUDGET_CATEGORIES]);
    expect(breakdown.accommodation).toBeGreaterThan(breakdown.food);
  });

  it('is the estimate when the user gave no budget', () => {
    expect(offlineBudget(buildTrip())).toEqual(estimateBreakdown(buildTrip()));
  });
});

describe('fitBudget', () => {
  it('totals an estimate, flagged as one, with the daily budget', () => {
    expect(fitBudget({ food: 100, accommodation: 200 }, buildTrip())).toEqual({
      total: 300,
      estimated: true,
      breakdown: { food: 100, accommodation: 200 },
      dailyBudget: 100,
    });
  });

  it("scales a model's breakdown to the user's total, so the breakdown sums to it", () => {
    const fitted = fitBudget({ accommodation: 600, food: 300, activities: 100 }, buildTrip({ budget: 2000 }));
    expect(fitted).toMatchObject({
      total: 2000,
      estimated: false,
      breakdown: { accommodation: 1200, food: 600, activities: 200 },
    });
  });

  it('drops the total keys and dailyBudget, and falls back to the estimate for an empty or absurd answer', () => {
    expect(fitBudget({ total: 5000, totalBudget: 5000, dailyBudget: 9, food: 50 }, buildTrip()).breakdown).toEqual({
      food: 50,
    });
    expect(fitBudget({}, buildTrip()).breakdown).toEqual(estimateBreakdown(buildTrip()));
    expect(fitBudget({ food: 0 }, buildTrip()).breakdown).toEqual(estimateBreakdown(buildTrip()));
    expect(fitBudget({ food: 100_000_000, stay: 100_000_000 }, buildTrip()).breakdown).toEqual(
      estimateBreakdown(buildTrip()),
    );
  });
});
