/**
 * What the offline planner knows about interests: for each kind, generic ideas per part of the day
 * and what to pack. Ideas only ("Browse a local food market"), never a named place: the offline
 * engine knows no places, and DECISIONS forbids presenting invented ones as fact.
 */
export interface InterestTheme {
  /** The day's title when the theme leads it. */
  title: string;
  morning: readonly string[];
  afternoon: readonly string[];
  evening: readonly string[];
  /** Packing list additions. */
  packing?: readonly string[];
}

interface ThemeEntry extends InterestTheme {
  /** Words that point at the theme in an interest as typed ('street food', 'Museums', 'hikes'). */
  words: readonly string[];
}

const THEMES: readonly ThemeEntry[] = [
  {
    title: 'Food and markets',
    words: [
      'food',
      'foodie',
      'cuisine',
      'culinary',
      'gastronomy',
      'eating',
      'restaurant',
      'restaurants',
      'cooking',
      'street food',
      'market',
      'markets',
      'dining',
    ],
    morning: [
      'Browse a local food market and try the stalls',
      'Join a cooking class to learn a regional dish',
      'Breakfast where the locals go, then a walk through a market district',
    ],
    afternoon: [
      'Go on a guided food tasting walk',
      'Try regional specialities at a casual lunch spot',
      'Visit a bakery, cheese shop or delicatessen and sample local produce',
    ],
    evening: [
      'Dinner at a restaurant serving regional cuisine',
      'Explore an evening street-food area',
      'Book a table for a tasting menu of local dishes',
    ],
  },
  {
    title: 'Art and galleries',
    words: ['art', 'arts', 'gallery', 'galleries', 'painting', 'street art', 'design', 'contemporary art'],
    morning: [
      'Visit a major art museum before the crowds',
      'Take a self-guided walk past the street art of a creative neighbourhood',
    ],
    afternoon: [
      'Browse small independent galleries',
      'Look for a local artists’ studio or craft workshop open to visitors',
    ],
    evening: [
      'Check for a gallery opening or late museum evening',
      'See a performance at a local theatre or arts venue',
    ],
  },
  {
    title: 'Museums',
    words: ['museum', 'museums', 'exhibition', 'exhibitions', 'science'],
    morning: ['Spend the morning in the city’s main museum', 'Visit a museum about the region’s history and people'],
    afternoon: [
      'Pick a smaller specialist museum that matches your interests',
      'Take a guided tour of a museum’s highlights',
    ],
    evening: ['Look for a museum with late opening hours', 'Dinner near the museum quarter'],
  },
  {
    title: 'History and heritage',
    words: ['history', 'historic', 'historical', 'heritage', 'castle', 'castles', 'ruins', 'archaeology', 'monuments'],
    morning: ['Join a guided walking tour of the historic centre', 'Visit a castle, fort or palace open to visitors'],
    afternoon: ['Explore historic sites or ruins nearby', 'Visit a heritage house or a local history museum'],
    evening: ['Take an evening walk through the old town', 'Look for a historical or ghost walking tour'],
  },
  {
    title: 'Local culture',
    words: [
      'culture',
      'cultural',
      'local life',
      'traditions',
      'festival',
      'festivals',
      'religion',
      'temples',
      'temple',
      'language',
    ],
    morning: [
      'Visit a place of worship or a traditional neighbourhood, dressed respectfully',
      'Take a class in a local craft or tradition',
    ],
    afternoon: [
      'Wander a residential neighbourhood and its small shops',
      'Check the local events calendar for festivals or performances',
    ],
    evening: ['Attend a traditional music or dance performance', 'Dinner at a family-run restaurant'],
  },
  {
    title: 'Nature and outdoors',
    words: [
      'nature',
      'outdoors',
      'outdoor',
      'park',
      'parks',
      'wildlife',
      'garden',
      'gardens',
      'birdwatching',
      'national park',
      'lakes',
      'mountains',
    ],
    morning: ['Visit a large park or botanical garden', 'Take a day trip to a nature reserve or national park'],
    afternoon: [
      'Go on a wildlife or nature walk with a local guide',
      'Find a viewpoint over the city or the landscape',
    ],
    evening: ['Watch the sunset from a viewpoint', 'Relaxed dinner after a day outdoors'],
    packing: ['Daypack and refillable water bottle'],
  },
  {
    title: 'Hiking',
    words: ['hiking', 'hike', 'hikes', 'trekking', 'trek', 'walking', 'trails', 'trail', 'climbing', 'mountaineering'],
    morning: ['Set off early on a day hike on a marked trail', 'Join a guided hike suited to your fitness'],
    afternoon: [
      'Continue on a scenic trail with a picnic lunch',
      'Take a shorter walk to a lake, waterfall or lookout',
    ],
    evening: ['Rest and refuel with a hearty dinner', 'Stretch, rest and plan the next day’s route'],
    packing: ['Hiking boots', 'Daypack and refillable water bottle', 'Rain jacket'],
  },
  {
    title: 'Beach time',
    words: [
      'beach',
      'beaches',
      'swimming',
      'sea',
      'snorkelling',
      'snorkeling',
      'diving',
      'surfing',
      'surf',
      'island',
      'islands',
      'sailing',
    ],
    morning: [
      'Spend the morning at the beach before the midday sun',
      'Take a snorkelling, surfing or paddleboard lesson',
    ],
    afternoon: ['Take a boat trip along the coast', 'Relax at the beach and swim'],
    evening: ['Watch the sunset by the water', 'Dinner at a seafront restaurant'],
    packing: ['Swimwear', 'Beach towel', 'Reef-safe sunscreen'],
  },
  {
    title: 'Nightlife',
    words: ['nightlife', 'bars', 'bar', 'clubs', 'clubbing', 'party', 'cocktails', 'pubs', 'pub'],
    morning: ['Take a slow morning and a late breakfast', 'Take a gentle walk and a good coffee'],
    afternoon: ['Explore the neighbourhood known for its nightlife by day', 'Relax before a late night out'],
    evening: [
      'Go out in a lively bar district',
      'Try a cocktail bar, then a live music venue or club',
      'Join a pub or bar crawl',
    ],
  },
  {
    title: 'Shopping',
    words: ['shopping', 'shops', 'boutiques', 'fashion', 'souvenirs', 'antiques', 'vintage', 'crafts'],
    morning: ['Browse the main shopping street before it gets busy', 'Visit a weekend, flea or craft market'],
    afternoon: [
      'Explore independent boutiques and design shops',
      'Look for local crafts and souvenirs made in the region',
    ],
    evening: ['Visit a night market', 'Dinner in the shopping district'],
  },
  {
    title: 'Photography',
    words: ['photography', 'photo', 'photos', 'photographs', 'instagram', 'views', 'scenery'],
    morning: ['Photograph the city in the early morning light', 'Find a viewpoint for a sunrise photo walk'],
    afternoon: [
      'Take a photo walk through characterful streets',
      'Photograph architecture and street life in a lively district',
    ],
    evening: [
      'Photograph the sunset and the blue hour from a high point',
      'Take a night photography walk along lit-up streets',
    ],
  },
  {
    title: 'Music',
    words: ['music', 'concerts', 'concert', 'jazz', 'opera', 'live music', 'classical music'],
    morning: ['Visit a music museum or an instrument maker’s workshop', 'Browse record shops'],
    afternoon: ['Look for a free afternoon concert or recital', 'Take a music-themed walking tour'],
    evening: ['See a live music performance', 'Go to a concert, opera or jazz club'],
  },
  {
    title: 'Sports',
    words: [
      'sports',
      'sport',
      'football',
      'soccer',
      'cycling',
      'bike',
      'biking',
      'running',
      'golf',
      'tennis',
      'skiing',
      'ski',
      'snowboarding',
      'kayaking',
    ],
    morning: ['Hire a bike and ride a scenic route', 'Go for a run along a river or seafront'],
    afternoon: ['Try an outdoor sport with a local operator', 'Visit a stadium or take a stadium tour'],
    evening: ['Watch a local match or game', 'Watch a game at a sports bar'],
    packing: ['Sportswear and trainers'],
  },
  {
    title: 'Architecture',
    words: ['architecture', 'buildings', 'cathedral', 'cathedrals', 'churches', 'palaces', 'urban design'],
    morning: ['Take an architecture walking tour', 'Visit a cathedral or landmark building inside'],
    afternoon: [
      'Explore a district known for its buildings, old or modern',
      'Go up a tower or rooftop for a view of the skyline',
    ],
    evening: ['See landmark buildings lit up at night', 'Dinner in a historic building'],
  },
  {
    title: 'Wine and tasting',
    words: [
      'wine',
      'wines',
      'vineyard',
      'vineyards',
      'winery',
      'wineries',
      'beer',
      'brewery',
      'breweries',
      'whisky',
      'coffee',
      'tea',
    ],
    morning: ['Visit a coffee roaster, tea house or local producer', 'Take a half-day trip to a vineyard or winery'],
    afternoon: ['Join a wine, beer or spirits tasting', 'Visit a local brewery or distillery'],
    evening: ['Dinner with wine pairings from the region', 'Visit a wine bar with local bottles'],
  },
  {
    title: 'Relaxation',
    words: ['relaxation', 'relax', 'relaxing', 'spa', 'wellness', 'yoga', 'massage', 'hot springs', 'thermal baths'],
    morning: ['Start with a yoga class or a slow breakfast', 'Enjoy a slow morning with nothing planned'],
    afternoon: ['Spend the afternoon at a spa, thermal bath or pool', 'Read in a park or café'],
    evening: ['Enjoy a quiet dinner', 'Take an early night after a massage'],
  },
  {
    title: 'Family time',
    words: ['family', 'kids', 'children', 'zoo', 'aquarium', 'theme park', 'theme parks'],
    morning: ['Visit a zoo, aquarium or children’s museum', 'Spend the morning at a playground-rich park'],
    afternoon: ['Go to a theme park or an interactive science centre', 'Take a boat or train ride children will enjoy'],
    evening: ['Early family dinner', 'Take an easy evening stroll and get ice cream'],
  },
];

/** The balanced mix planned when the user named no interests. */
export const DEFAULT_THEMES = ['history', 'food', 'nature', 'culture', 'relaxation'];

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The theme an interest as typed points at: one of its words, whole, in the interest
 * ('Street food' → food, 'Modern art' → art); null for an interest the planner does not know.
 */
export function themeOf(interest: string): InterestTheme | null {
  const text = ` ${normalise(interest)} `;
  return THEMES.find((theme) => theme.words.some((word) => text.includes(` ${word} `))) ?? null;
}

/** Cuts text to at most `max` characters at a word boundary (names typed by the user can be long). */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * A theme for an interest the planner does not know: the interest itself, named as the user wrote
 * it, so it still shapes the days ('Time for birdsong recording').
 */
export function unknownTheme(interest: string): InterestTheme {
  const name = shorten(interest, 50);
  return {
    title: `Time for ${name}`,
    morning: [`Time for ${name}`, `More time for ${name}`],
    afternoon: [`Look for places and people connected with ${name}`, 'Explore at your own pace'],
    evening: ['Dinner at a restaurant that locals recommend', 'A relaxed evening in a lively neighbourhood'],
  };
}

/** The themes for the interests, in the order given (one per interest; themes the planner knows are not repeated). */
export function themesFor(interests: readonly string[]): InterestTheme[] {
  const themes: InterestTheme[] = [];
  for (const interest of interests.length ? interests : DEFAULT_THEMES) {
    const theme = themeOf(interest) ?? unknownTheme(interest);
    if (!themes.includes(theme)) themes.push(theme);
  }
  return themes;
}
