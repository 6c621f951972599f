import { TRAVEL_CAPS, travelRecommendationsSchema } from '@aide/contracts';
import { fitBudget } from './budget';
import { fitRecommendations, offlineRecommendations, offlineWeather } from './recommendations';
import { buildTrip } from '../../../test/travel-trips';

describe('offlineRecommendations', () => {
  it('invents no attractions, restaurants or culture notes, and is valid against the contract', () => {
    const recommendations = offlineRecommendations(buildTrip({ destination: 'Rome', interests: ['food', 'art'] }));
    expect(travelRecommendationsSchema.parse(recommendations)).toEqual(recommendations);
    expect(recommendations).toMatchObject({ attractions: [], restaurants: [], culture: [], timeline: [] });
  });

  it('suggests activities from the interests and kinds of places to stay for the style', () => {
    const recommendations = offlineRecommendations(buildTrip({ interests: ['hiking'], travelStyle: 'luxury' }));
    expect(recommendations.activities.map((activity) => activity.name)).toContain(
      'Set off early on a day hike along a marked trail',
    );
    expect(recommendations.accommodations).toContainEqual({
      name: 'Boutique hotel',
      area: 'Central, walkable area',
      priceRange: '$$$',
    });
    expect(recommendations.accommodations.length).toBeLessThanOrEqual(TRAVEL_CAPS.overview.accommodations);
    expect(recommendations.localTips.length).toBeLessThanOrEqual(TRAVEL_CAPS.overview.localTips);
    expect(recommendations.safety.length).toBeLessThanOrEqual(TRAVEL_CAPS.overview.safety);
  });

  it('gives the season at the start and packing for it; the climate only where it is known', () => {
    expect(
      offlineWeather(buildTrip({ destination: 'Sydney', startDate: '2027-12-20', endDate: '2027-12-27' })),
    ).toMatchObject({
      season: 'summer',
      climate: expect.stringContaining('Southern hemisphere'),
      seasonalPacking: expect.arrayContaining(['Sunscreen']),
    });
    expect(
      offlineWeather(buildTrip({ destination: 'Paris', startDate: '2027-12-20', endDate: '2027-12-27' })),
    ).toMatchObject({ season: 'winter', climate: undefined });
    expect(offlineWeather(buildTrip({ destination: 'Bali' }))).toMatchObject({
      season: undefined,
      climate: expect.stringContaining('Tropical'),
    });
    expect(offlineWeather(buildTrip({ destination: 'Atlantis' }))).toEqual({
      climate: undefined,
      season: undefined,
      seasonalPacking: expect.arrayContaining(['Check the forecast for Atlantis a few days before you leave']),
    });
  });
});

describe('fitRecommendations', () => {
  it('keeps each list within the caps, the season the server knows, no timeline, and the plan budget', () => {
    const trip = buildTrip({ destination: 'Paris', startDate: '2027-01-05', endDate: '2027-01-08' });
    const many = (label: string) => Array.from({ length: 20 }, (_, index) => `${label} ${index}`);
    const answer = travelRecommendationsSchema.parse({
      weather: { climate: 'Mild', season: 'summer', seasonalPacking: [] },
      attractions: many('Sight'),
      restaurants: many('Bistro'),
      localTips: many('Tip'),
      culture: many('Custom'),
      safety: many('Care'),
      timeline: [{ day: 'Day 1' }],
    });
    const budget = fitBudget({ food: 400 }, trip);
    const fitted = fitRecommendations(answer, trip, budget);
    expect(fitted.attractions).toHaveLength(TRAVEL_CAPS.itinerary.attractions);
    expect(fitted.restaurants).toHaveLength(TRAVEL_CAPS.itinerary.restaurants);
    expect(fitted.localTips).toHaveLength(TRAVEL_CAPS.overview.localTips);
    expect(fitted.culture).toHaveLength(TRAVEL_CAPS.overview.culture);
    expect(fitted.safety).toHaveLength(TRAVEL_CAPS.overview.safety);
    expect(fitted.timeline).toEqual([]);
    expect(fitted.weather).toMatchObject({
      climate: 'Mild',
      season: 'winter',
      seasonalPacking: expect.arrayContaining(['Gloves, hat and scarf']),
    });
    // The person set no budget: the total is labelled as the estimate it is.
    expect(fitted.budget).toEqual({ food: 400, estimatedTotal: 400, dailyBudget: 100 });
    const own = fitRecommendations(
      answer,
      { ...trip, budget: 500 },
      fitBudget({ food: 400 }, { ...trip, budget: 500 }),
    );
    expect(own.budget).toEqual({ food: 500, total: 500, dailyBudget: 125 });
    expect(travelRecommendationsSchema.safeParse(fitted).success).toBe(true);
  });
});
