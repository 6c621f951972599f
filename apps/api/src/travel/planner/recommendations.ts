import { TRAVEL_CAPS, type TravelRecommendations, type TravelStyle } from '@aide/contracts';
import type { PlannedBudget } from './budget';
import { seasonalPacking } from './checklist';
import { dayWeather } from './destinations';
import { ideaText, themesFor, weatherAllows } from './interests';
import { placeInSentence, placeName, type TripInput } from './trip';

type Accommodation = TravelRecommendations['accommodations'][number];
type Weather = Exclude<TravelRecommendations['weather'], string | null>;

/** Kinds of places to stay that suit each style: types, not named hotels (the offline engine knows none). */
const ACCOMMODATION_TYPES: Record<TravelStyle, readonly Accommodation[]> = {
  budget: [
    { name: 'Hostel with private rooms', area: 'Central or near public transport', priceRange: '$' },
    { name: 'Family-run guesthouse', area: 'Quiet residential area', priceRange: '$' },
    { name: 'Budget hotel', area: 'Near a main station', priceRange: '$' },
  ],
  moderate: [
    { name: 'Mid-range hotel', area: 'Central, walkable area', priceRange: '$$' },
    { name: 'Serviced apartment', area: 'Residential area near public transport', priceRange: '$$' },
    { name: 'Guesthouse or B&B', area: 'Characterful neighbourhood', priceRange: '$$' },
  ],
  luxury: [
    { name: 'Luxury hotel', area: 'Prime central location', priceRange: '$$$$' },
    { name: 'Boutique hotel', area: 'Central, walkable area', priceRange: '$$$' },
    { name: 'Resort with spa', area: 'Waterfront or countryside', priceRange: '$$$$' },
  ],
  adventure: [
    { name: 'Lodge or mountain hut', area: 'Close to the trails', priceRange: '$$' },
    { name: 'Campsite or glamping', area: 'Near nature', priceRange: '$–$$' },
    { name: 'Hostel', area: 'Near the tour and transport hubs', priceRange: '$' },
  ],
  cultural: [
    { name: 'Boutique hotel', area: 'Old town or historic centre', priceRange: '$$$' },
    { name: 'Guesthouse run by locals', area: 'Traditional neighbourhood', priceRange: '$$' },
    { name: 'Heritage hotel', area: 'Historic building in the centre', priceRange: '$$$' },
  ],
  relaxation: [
    { name: 'Resort', area: 'Beach, lake or countryside', priceRange: '$$$' },
    { name: 'Spa hotel', area: 'Quiet area away from the centre', priceRange: '$$$' },
    { name: 'Villa or holiday apartment', area: 'Peaceful area with a view', priceRange: '$$' },
  ],
};

/** Sensible tips for any destination (spec §9: at most 5 shown). */
const localTips = (place: string) => [
  `Download an offline map of ${place} before you go`,
  'Learn a few words of the local language: hello, please and thank you',
  'Carry a little local currency for small shops, markets and tips',
  'Check opening days and hours: many museums close one day a week',
  'A public transport pass often costs less than single tickets',
];

/** Sensible safety notes for any destination (spec §9: at most 4 shown). */
const SAFETY = [
  'Keep copies of your passport and bookings apart from the originals',
  'Watch your belongings in crowds and on public transport',
  'Save the local emergency number and your embassy’s contact details',
  'Use licensed taxis or ride apps, especially at night',
];

const CLIMATE = {
  tropical: 'Tropical: warm all year, with wet and dry seasons rather than winter and summer',
  southern: 'Southern hemisphere: the seasons are the reverse of Europe’s and North America’s',
} as const;

/** The weather part: climate where the table knows it, the season at the start, packing for both. */
export function offlineWeather(trip: TripInput): Weather {
  const climate =
    trip.climateZone === 'tropical' || trip.climateZone === 'southern' ? CLIMATE[trip.climateZone] : undefined;
  return { climate, season: trip.season ?? undefined, seasonalPacking: seasonalPacking(trip) };
}

/**
 * The offline engine's recommendations. Honest about what it knows: no attractions, restaurants or
 * culture notes (it knows no places); activities are ideas from the interests, accommodations are
 * kinds of places that suit the style, tips and safety notes hold anywhere. The budget part is
 * filled in by the planner once the budget is known; the timeline is empty (the itinerary has the days).
 */
export function offlineRecommendations(trip: TripInput): TravelRecommendations {
  const place = placeName(trip.destination);
  const inSentence = placeInSentence(trip.destination);
  // Ideas the weather allows on some day of the trip: each theme's first for each part of the day.
  const weathers = trip.dates.map((date) => dayWeather(trip.climateZone, trip.latitude, date));
  const activities = themesFor(trip.interests)
    .flatMap((theme) =>
      (['morning', 'afternoon', 'evening'] as const).flatMap(
        (slot) => theme[slot].find((idea) => weathers.some((weather) => weatherAllows(idea, weather))) ?? [],
      ),
    )
    .map((idea) => ideaText(idea, inSentence))
    .filter((idea, index, all) => all.indexOf(idea) === index)
    .slice(0, TRAVEL_CAPS.itinerary.activities)
    .map((name) => ({ name }));
  return {
    weather: offlineWeather(trip),
    attractions: [],
    accommodations: [...ACCOMMODATION_TYPES[trip.travelStyle]],
    restaurants: [],
    activities,
    localTips: localTips(place),
    culture: [],
    safety: [...SAFETY],
    timeline: [],
    budget: null,
  };
}

/**
 * Whatever recommendations the engine returned, the ones the plan stores: each list within what
 * the screen shows at most (spec §9), the season the server knows over a guessed one, no timeline
 * (the itinerary has one day per date), and the budget the plan settled on.
 */
export function fitRecommendations(
  answer: TravelRecommendations,
  trip: TripInput,
  budget: PlannedBudget,
): TravelRecommendations {
  const { overview, itinerary } = TRAVEL_CAPS;
  const known = offlineWeather(trip);
  const weather: Weather =
    answer.weather === null || typeof answer.weather === 'string'
      ? { ...known, ...(typeof answer.weather === 'string' ? { climate: answer.weather } : {}) }
      : {
          climate: answer.weather.climate ?? known.climate,
          season: trip.season ?? answer.weather.season,
          seasonalPacking: answer.weather.seasonalPacking.length
            ? answer.weather.seasonalPacking.slice(0, 10)
            : known.seasonalPacking,
        };
  return {
    weather,
    attractions: answer.attractions.slice(0, Math.max(overview.attractions, itinerary.attractions)),
    accommodations: answer.accommodations.slice(0, Math.max(overview.accommodations, itinerary.accommodations)),
    restaurants: answer.restaurants.slice(0, itinerary.restaurants),
    activities: answer.activities.slice(0, itinerary.activities),
    localTips: answer.localTips.slice(0, overview.localTips),
    culture: answer.culture.slice(0, overview.culture),
    safety: answer.safety.slice(0, overview.safety),
    timeline: [],
    // An estimate is labelled as one (estimatedTotal), apart from a total the person set.
    budget: {
      ...budget.breakdown,
      [budget.estimated ? 'estimatedTotal' : 'total']: budget.total,
      dailyBudget: budget.dailyBudget,
    },
  };
}
