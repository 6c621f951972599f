import { type ChecklistItem, type Season, TRAVEL_LIMITS, type TravelChecklist } from '@aide/contracts';
import { dayWeather } from './destinations';
import { themeOf, weatherAllows } from './interests';
import { placeName, type TripInput } from './trip';

/** What to pack for the weather: by season where the destination has one, for the tropics, or in general. */
const SEASON_PACKING: Record<Season | 'tropical' | 'unknown', readonly string[]> = {
  winter: ['Warm layers and a warm coat', 'Gloves, hat and scarf', 'Warm, waterproof shoes'],
  spring: ['Layers for changing temperatures', 'Light waterproof jacket', 'Compact umbrella'],
  summer: ['Light, breathable clothing', 'Sunscreen', 'Sun hat and sunglasses', 'Refillable water bottle'],
  autumn: ['Layers for changing temperatures', 'Waterproof jacket', 'Compact umbrella'],
  tropical: [
    'Light, quick-drying clothing',
    'Rain jacket or compact umbrella',
    'Insect repellent',
    'Sunscreen and a sun hat',
  ],
  unknown: ['Layers you can add or take off', 'Light waterproof jacket'],
};

/** The weather packing tips for the trip, ending with a reminder to check the forecast. */
export function seasonalPacking(trip: Pick<TripInput, 'destination' | 'climateZone' | 'season'>): string[] {
  const kind = trip.season ?? (trip.climateZone === 'tropical' ? 'tropical' : 'unknown');
  return [...SEASON_PACKING[kind], `Check the forecast for ${placeName(trip.destination)} a few days before you leave`];
}

const item = (text: string, required = false): ChecklistItem => ({ item: text, completed: false, required });

const unique = (items: ChecklistItem[]) =>
  items.filter(
    (entry, index) => items.findIndex((other) => other.item.toLowerCase() === entry.item.toLowerCase()) === index,
  );

/**
 * The offline engine's checklist, in four categories: Documents, Packing (for the season and the
 * interests), Health and Bookings. Nothing is completed; the essentials are required.
 */
export function offlineChecklist(trip: TripInput): TravelChecklist {
  const place = placeName(trip.destination);
  const kind = trip.season ?? (trip.climateZone === 'tropical' ? 'tropical' : 'unknown');
  // An interest's packing where some day of the trip suits it (no swimwear for Cape Town in July).
  const weathers = trip.dates.map((date) => dayWeather(trip.climateZone, trip.latitude, date));
  const interestPacking = trip.interests.flatMap((interest) => {
    const theme = themeOf(interest);
    const needs = theme?.packingNeeds;
    return theme && (!needs || weathers.some((weather) => weatherAllows({ text: '', needs }, weather)))
      ? (theme.packing ?? [])
      : [];
  });
  return {
    Documents: [
      item('Passport or national ID, valid for the whole trip', true),
      item(`Check visa and entry requirements for ${place}`, true),
      item('Travel insurance'),
      item('Booking confirmations, saved offline or printed'),
      item('Payment cards and a little local currency'),
    ],
    Packing: unique([
      item(`Clothes for ${trip.days} day${trip.days === 1 ? '' : 's'}`, true),
      item('Comfortable walking shoes'),
      ...SEASON_PACKING[kind].map((text) => item(text)),
      ...interestPacking.map((text) => item(text)),
      item('Phone charger and travel adapter'),
      item('Toiletries'),
    ]),
    Health: [
      item('Regular medications, enough for the whole trip', true),
      item('Basic first-aid kit'),
      item(`Check recommended vaccinations for ${place}`),
    ],
    Bookings: [
      item(`Transport to ${place}`, true),
      item(
        `Accommodation for ${trip.nights} night${trip.nights === 1 ? '' : 's'}${trip.rooms > 1 ? ` (${trip.rooms} rooms)` : ''}`,
        true,
      ),
      item('Transport from arrival to your accommodation'),
      ...(trip.interests.length ? [item('Activities and tours you do not want to miss')] : []),
    ],
  };
}

/** Items a checklist must have, whatever wrote it: found by a word in them, added to Documents when missing. */
const ESSENTIALS: readonly { pattern: RegExp; item: (trip: TripInput) => ChecklistItem }[] = [
  { pattern: /passport|\bid\b|identity/i, item: () => item('Passport or national ID, valid for the whole trip', true) },
  {
    pattern: /visa|entry requirement/i,
    item: (trip) => item(`Check visa and entry requirements for ${placeName(trip.destination)}`, true),
  },
];

/** The most items a generated category keeps (the user can add more). */
export const GENERATED_ITEMS_MAX = 30;

/**
 * Whatever checklist the engine returned, the one the plan stores: nothing completed (a new plan
 * has done nothing yet), no duplicate items, no empty categories, at most GENERATED_ITEMS_MAX items
 * a category and the category cap; the passport and visa checks always there. An empty answer
 * falls back to the offline checklist.
 */
export function fitChecklist(answer: TravelChecklist, trip: TripInput): TravelChecklist {
  const entries = Object.entries(answer)
    .map(
      ([category, items]) =>
        [
          category,
          unique(items.map((entry) => item(entry.item, entry.required))).slice(0, GENERATED_ITEMS_MAX),
        ] as const,
    )
    .filter(([, items]) => items.length)
    .slice(0, TRAVEL_LIMITS.categoriesMax);
  if (!entries.length) return offlineChecklist(trip);
  const checklist: TravelChecklist = Object.fromEntries(entries);
  const all = Object.values(checklist).flat();
  const missing = ESSENTIALS.filter(({ pattern }) => !all.some((entry) => pattern.test(entry.item))).map(
    ({ item: essential }) => essential(trip),
  );
  if (missing.length) {
    const documents = Object.keys(checklist).find((category) => category.toLowerCase() === 'documents') ?? 'Documents';
    if (!checklist[documents] && Object.keys(checklist).length >= TRAVEL_LIMITS.categoriesMax)
      delete checklist[Object.keys(checklist).at(-1)!];
    checklist[documents] = [...missing, ...(checklist[documents] ?? [])].slice(0, GENERATED_ITEMS_MAX);
  }
  return checklist;
}
