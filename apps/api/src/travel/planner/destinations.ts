import { type Season, seasonAt } from '@aide/contracts';

/**
 * Where a destination lies, as far as the seasons go: the northern or southern hemisphere (seasons
 * reversed), or the tropics (warm all year, wet and dry seasons instead of winter and summer).
 */
export type ClimateZone = 'northern' | 'southern' | 'tropical';

/**
 * A small built-in table of countries and big cities. Not a gazetteer: what it does not know is
 * unknown (season null), never guessed. A city is listed where its zone differs from its country's
 * (Rio de Janeiro has seasons, most of Brazil has not; Hanoi has a cool winter).
 */
const ZONES: Record<ClimateZone, readonly string[]> = {
  southern: [
    'australia', 'new south wales', 'queensland', 'sydney', 'melbourne', 'brisbane', 'perth', 'adelaide', 'hobart', 'tasmania', 'canberra', 'gold coast',
    'new zealand', 'auckland', 'wellington', 'christchurch', 'queenstown',
    'argentina', 'buenos aires', 'mendoza', 'bariloche', 'patagonia', 'ushuaia',
    'chile', 'santiago', 'valparaiso',
    'uruguay', 'montevideo', 'punta del este',
    'south africa', 'cape town', 'johannesburg', 'durban', 'pretoria',
    'namibia', 'windhoek', 'botswana', 'lesotho', 'eswatini',
    'rio de janeiro', 'sao paulo', 'florianopolis', 'porto alegre', 'curitiba', 'paraguay', 'asuncion',
  ],
  northern: [
    // Europe
    'europe', 'united kingdom', 'uk', 'england', 'scotland', 'wales', 'ireland', 'london', 'edinburgh', 'dublin', 'manchester',
    'france', 'paris', 'lyon', 'marseille', 'bordeaux', 'spain', 'madrid', 'barcelona', 'seville', 'valencia', 'malaga',
    'portugal', 'lisbon', 'porto', 'italy', 'rome', 'milan', 'venice', 'florence', 'naples', 'sicily', 'tuscany',
    'germany', 'berlin', 'munich', 'hamburg', 'frankfurt', 'cologne', 'austria', 'vienna', 'salzburg', 'switzerland', 'zurich', 'geneva',
    'netherlands', 'amsterdam', 'rotterdam', 'belgium', 'brussels', 'bruges', 'luxembourg', 'denmark', 'copenhagen',
    'sweden', 'stockholm', 'norway', 'oslo', 'bergen', 'finland', 'helsinki', 'iceland', 'reykjavik',
    'poland', 'warsaw', 'krakow', 'czech republic', 'czechia', 'prague', 'hungary', 'budapest', 'slovakia', 'bratislava',
    'croatia', 'dubrovnik', 'zagreb', 'slovenia', 'ljubljana', 'greece', 'athens', 'santorini', 'crete', 'mykonos',
    'turkey', 'istanbul', 'cyprus', 'malta', 'romania', 'bucharest', 'bulgaria', 'sofia', 'serbia', 'belgrade',
    'estonia', 'tallinn', 'latvia', 'riga', 'lithuania', 'vilnius', 'montenegro', 'albania', 'georgia', 'tbilisi',
    // North America
    'united states', 'usa', 'new york', 'los angeles', 'san francisco', 'chicago', 'boston', 'washington', 'seattle',
    'las vegas', 'miami', 'orlando', 'new orleans', 'austin', 'denver', 'alaska', 'california', 'florida', 'texas',
    'canada', 'toronto', 'vancouver', 'montreal', 'quebec', 'calgary', 'banff',
    'mexico', 'mexico city', 'cancun', 'oaxaca', 'guadalajara',
    // Asia, the Middle East and North Africa
    'japan', 'tokyo', 'kyoto', 'osaka', 'hokkaido', 'sapporo', 'china', 'beijing', 'shanghai', 'hong kong', 'xian',
    'south korea', 'korea', 'seoul', 'busan', 'taiwan', 'taipei', 'mongolia', 'nepal', 'kathmandu', 'hanoi',
    'india', 'delhi', 'new delhi', 'agra', 'jaipur', 'rajasthan', 'uzbekistan',
    'israel', 'jerusalem', 'tel aviv', 'jordan', 'petra', 'egypt', 'cairo', 'morocco', 'marrakech', 'fez', 'tunisia',
    'united arab emirates', 'dubai', 'abu dhabi', 'qatar', 'doha',
  ],
  tropical: [
    'singapore', 'malaysia', 'kuala lumpur', 'penang', 'borneo', 'indonesia', 'bali', 'jakarta', 'lombok',
    'thailand', 'bangkok', 'phuket', 'chiang mai', 'koh samui', 'vietnam', 'ho chi minh city', 'saigon', 'cambodia', 'siem reap',
    'laos', 'philippines', 'manila', 'cebu', 'palawan', 'sri lanka', 'colombo', 'maldives',
    'goa', 'kerala', 'mumbai', 'chennai',
    'kenya', 'nairobi', 'mombasa', 'tanzania', 'zanzibar', 'uganda', 'rwanda', 'ghana', 'accra', 'nigeria', 'lagos', 'ethiopia',
    'seychelles', 'mauritius', 'madagascar',
    'ecuador', 'quito', 'galapagos', 'colombia', 'bogota', 'cartagena', 'medellin', 'peru', 'lima', 'cusco', 'brazil', 'salvador', 'manaus',
    'costa rica', 'panama', 'belize', 'guatemala', 'caribbean', 'jamaica', 'cuba', 'havana', 'dominican republic', 'puerto rico', 'barbados',
    'bahamas', 'aruba', 'hawaii', 'honolulu', 'fiji', 'tahiti', 'samoa',
  ],
};

/** Lower case, accents dropped, punctuation as spaces: 'São Paulo, Brasil' → 'sao paulo  brasil'. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Every known name with its zone, longest first: 'new south wales' is matched before 'wales'. */
const KNOWN = Object.entries(ZONES)
  .flatMap(([zone, names]) => names.map((name) => ({ name, zone: zone as ClimateZone })))
  .sort((a, b) => b.name.length - a.name.length);

/**
 * The zone of a destination as typed ('Cape Town, South Africa', 'Kyoto'), or null when no name of
 * the table is in it. A name inside a longer known one does not count ('Wales' in 'New South
 * Wales'). When the names found disagree, the last one written wins: people write the city, then
 * the region or country ('Perth, Scotland'), and a country is the safer guess than a homonym.
 */
export function climateZoneOf(destination: string): ClimateZone | null {
  let text = ` ${normalise(destination)} `;
  let found: { zone: ClimateZone; at: number } | null = null;
  for (const { name, zone } of KNOWN) {
    for (let at = text.indexOf(` ${name} `); at >= 0; at = text.indexOf(` ${name} `, at + 1)) {
      if (!found || at > found.at) found = { zone, at };
      // Blanked, so its parts are not found again (positions kept).
      text = `${text.slice(0, at + 1)}${'\u0000'.repeat(name.length)}${text.slice(at + 1 + name.length)}`;
    }
  }
  return found?.zone ?? null;
}

/** The season at the trip's start, where the zone has one (the tropics and unknown places have none). */
export function tripSeason(zone: ClimateZone | null, startDate: string): Season | null {
  return zone === 'northern' || zone === 'southern' ? seasonAt(startDate, zone) : null;
}
