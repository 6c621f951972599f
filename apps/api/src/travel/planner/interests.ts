import type { DayWeather } from './destinations';

/**
 * What the offline planner knows about interests: for each kind, ideas per part of the day and what
 * to pack. Ideas only ("Browse a food market in Lisbon"), never a named place: the offline engine
 * knows no places, and DECISIONS forbids presenting invented ones as fact. Every idea is a whole
 * imperative sentence; `{place}` is the destination as it reads in a sentence.
 */

/** What an idea needs of the day's weather (destinations.dayWeather). */
export type WeatherNeed =
  /** Warm enough to swim, sunbathe or picnic. */
  | 'warm'
  /** Paths free of snow and ice: marked-trail hikes, bike rides. */
  | 'clearPaths'
  /** Snow: skiing, snowshoeing. */
  | 'snow'
  /** Daylight into the evening: a sunset after the afternoon, an early start on a trail. */
  | 'longDays'
  /** Dark nights far north in the aurora months. */
  | 'aurora';

export interface Idea {
  text: string;
  needs?: readonly WeatherNeed[];
}

export interface InterestTheme {
  /** The day's title when the theme leads it. */
  title: string;
  morning: readonly Idea[];
  afternoon: readonly Idea[];
  evening: readonly Idea[];
  /** Packing list additions. */
  packing?: readonly string[];
  /** What the weather must allow on some day of the trip for the packing to make sense (swimwear: warm). */
  packingNeeds?: readonly WeatherNeed[];
}

interface ThemeEntry extends InterestTheme {
  /** Words that point at the theme in an interest as typed ('street food', 'Museums', 'hikes'). */
  words: readonly string[];
}

/** An idea any weather allows, or one with what it needs. */
const idea = (text: string, ...needs: WeatherNeed[]): Idea => (needs.length ? { text, needs } : { text });
const ideas = (...texts: string[]) => texts.map((text) => idea(text));

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
    morning: ideas(
      'Browse a food market in {place} and try a few stalls',
      'Join a cooking class and learn to make a regional dish',
      'Have breakfast where the locals go, then walk through a market district',
    ),
    afternoon: ideas(
      'Go on a guided food tasting walk',
      'Try regional specialities at a casual lunch spot',
      'Sample local produce at a bakery, cheese shop or delicatessen',
    ),
    evening: ideas(
      'Have dinner at a restaurant serving the regional cuisine',
      'Eat your way through an evening street-food area',
      'Book a table for a tasting menu of local dishes',
    ),
  },
  {
    title: 'Art and galleries',
    words: ['art', 'arts', 'gallery', 'galleries', 'painting', 'street art', 'design', 'contemporary art'],
    morning: ideas(
      'Visit the main art museum in {place} before the crowds arrive',
      'Take a self-guided walk past the street art of a creative neighbourhood',
    ),
    afternoon: ideas(
      'Browse small independent galleries',
      'Visit a design shop or a craft workshop that welcomes visitors',
    ),
    evening: ideas(
      'Check the listings for a gallery opening or a late museum evening',
      'See a performance at a theatre or arts venue',
    ),
  },
  {
    title: 'Museums',
    words: ['museum', 'museums', 'exhibition', 'exhibitions', 'science'],
    morning: ideas(
      'Spend the morning in the main museum of {place}',
      'Visit a museum about the history and people of the region',
    ),
    afternoon: ideas(
      'Pick a smaller specialist museum that matches your interests',
      'Take a guided tour of a museum’s highlights',
    ),
    evening: ideas('Check which museums stay open late this week', 'Have dinner close to the museums of the day'),
  },
  {
    title: 'History and heritage',
    words: ['history', 'historic', 'historical', 'heritage', 'castle', 'castles', 'ruins', 'archaeology', 'monuments'],
    morning: ideas(
      'Join a guided walking tour of the historic centre of {place}',
      'Visit a castle, fort or palace that is open to visitors',
    ),
    afternoon: ideas(
      'Explore a historic site or ruins within reach of {place}',
      'Visit a heritage house or a local history museum',
    ),
    evening: ideas('Take an evening walk through the old town', 'Join an evening history or ghost walking tour'),
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
      'shrines',
      'language',
    ],
    morning: ideas(
      'Visit a temple, church or other place of worship, dressed respectfully',
      'Take a class in a local craft or tradition',
    ),
    afternoon: ideas(
      'Wander through a residential neighbourhood and its small shops',
      'Check the events calendar of {place} for festivals or performances',
    ),
    evening: ideas('Attend a traditional music or dance performance', 'Have dinner at a family-run restaurant'),
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
    morning: [
      idea('Visit a large park or botanical garden in {place}'),
      idea('Take a day trip to a nature reserve or national park', 'clearPaths'),
      idea('Book a guided nature tour that runs in winter, with transport from {place}', 'snow'),
    ],
    afternoon: [
      idea('Go on a wildlife or nature walk with a local guide', 'clearPaths'),
      idea('Find a viewpoint over {place} and the landscape around it'),
      idea('Warm up in a botanical glasshouse or a nature museum'),
    ],
    evening: [
      idea('Watch the sunset from a viewpoint', 'longDays'),
      idea('Have a relaxed dinner after the day outdoors'),
    ],
    packing: ['Daypack and refillable water bottle'],
  },
  {
    title: 'Hiking',
    words: ['hiking', 'hike', 'hikes', 'trekking', 'trek', 'walking', 'trails', 'trail', 'climbing', 'mountaineering'],
    morning: [
      idea('Set off early on a day hike along a marked trail', 'clearPaths', 'longDays'),
      idea('Join a guided hike suited to your fitness', 'clearPaths'),
      idea('Join a guided winter walk with crampons or snowshoes, booked with a local operator', 'snow'),
      idea('Take a short walk on cleared paths while it is light', 'snow'),
    ],
    afternoon: [
      idea('Continue along a scenic trail and stop for a picnic lunch', 'clearPaths', 'warm'),
      idea('Take a shorter walk to a lake, waterfall or lookout', 'clearPaths'),
      idea('Walk a coastal or riverside path near {place}', 'clearPaths'),
      idea('Visit an outdoor shop and ask which paths are safe in this weather', 'snow'),
    ],
    evening: ideas('Rest and refuel with a hearty dinner', 'Stretch, rest and plan the next day’s route'),
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
      idea('Spend the morning at the beach before the midday sun', 'warm'),
      idea('Take a snorkelling, surfing or paddleboard lesson', 'warm'),
      idea('Take a bracing walk along the shore while the beaches are quiet'),
    ],
    afternoon: [
      idea('Take a boat trip along the coast', 'warm'),
      idea('Relax at the beach and swim', 'warm'),
      idea('Visit a harbour or fishing village along the coast from {place}'),
    ],
    evening: [idea('Watch the sunset by the water', 'longDays'), idea('Have dinner at a seafront restaurant')],
    packing: ['Swimwear', 'Beach towel', 'Reef-safe sunscreen'],
    packingNeeds: ['warm'],
  },
  {
    title: 'Nightlife',
    words: ['nightlife', 'bars', 'bar', 'clubs', 'clubbing', 'party', 'cocktails', 'pubs', 'pub'],
    morning: ideas('Take a slow morning and a late breakfast', 'Take a gentle walk and find a good coffee'),
    afternoon: ideas(
      'Explore the nightlife district of {place} by day',
      'Rest in the afternoon before a late night out',
    ),
    evening: ideas(
      'Go out in a lively bar district',
      'Try a cocktail bar, then a live music venue or club',
      'Join a guided pub or bar crawl',
    ),
  },
  {
    title: 'Shopping',
    words: ['shopping', 'shops', 'boutiques', 'fashion', 'souvenirs', 'antiques', 'vintage', 'crafts'],
    morning: ideas(
      'Browse the main shopping street of {place} before it gets busy',
      'Visit a weekend, flea or craft market',
    ),
    afternoon: ideas(
      'Explore independent boutiques and design shops',
      'Look for crafts and souvenirs made in the region',
    ),
    evening: ideas('Visit an evening or night market', 'Have dinner in the shopping district'),
  },
  {
    title: 'Photography',
    words: ['photography', 'photo', 'photos', 'photographs', 'instagram', 'views', 'scenery'],
    morning: [
      idea('Photograph {place} in the early morning light'),
      idea('Find a viewpoint for a sunrise photo walk', 'longDays'),
      idea('Photograph the low winter light around midday, when the sun is up'),
    ],
    afternoon: ideas(
      'Take a photo walk through characterful streets',
      'Photograph the architecture and street life of a lively district',
    ),
    evening: [
      idea('Photograph the sunset and the blue hour from a high point', 'longDays'),
      idea('Take a night photography walk along lit-up streets'),
    ],
  },
  {
    title: 'Music',
    words: ['music', 'concerts', 'concert', 'jazz', 'opera', 'live music', 'classical music'],
    morning: ideas('Visit a music museum or an instrument maker’s workshop', 'Browse the record shops of {place}'),
    afternoon: ideas('Look for a free afternoon concert or recital', 'Take a music-themed walking tour'),
    evening: ideas('See a live music performance', 'Go to a concert, the opera or a jazz club'),
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
      'kayaking',
    ],
    morning: [
      idea('Hire a bike and ride a scenic route', 'clearPaths'),
      idea('Go for a run along a river or the seafront', 'clearPaths'),
      idea('Book a session at an indoor sports centre or climbing gym'),
    ],
    afternoon: [
      idea('Try an outdoor sport with a local operator', 'clearPaths'),
      idea('Visit a stadium or take a stadium tour'),
    ],
    evening: ideas('Watch a local match or game', 'Watch a game at a sports bar'),
    packing: ['Sportswear and trainers'],
  },
  {
    title: 'Snow sports',
    words: ['skiing', 'ski', 'snowboarding', 'snowboard', 'snowshoeing', 'winter sports', 'ice skating'],
    morning: [
      idea('Spend the morning on the slopes, with a lesson if you need one', 'snow'),
      idea('Try snowshoeing on a guided tour', 'snow'),
    ],
    afternoon: [
      idea('Go ice skating on an outdoor rink', 'snow'),
      idea('Take a cable car or chairlift up for the view', 'snow'),
    ],
    evening: [idea('Have a hearty dinner to warm up after the slopes', 'snow')],
    packing: ['Thermal base layers', 'Waterproof gloves'],
  },
  {
    title: 'Architecture',
    words: ['architecture', 'buildings', 'cathedral', 'cathedrals', 'churches', 'palaces', 'urban design'],
    morning: ideas('Take an architecture walking tour of {place}', 'Visit a cathedral or landmark building inside'),
    afternoon: ideas(
      'Explore a district known for its buildings, old or modern',
      'Go up a tower or rooftop for a view of the skyline',
    ),
    evening: ideas('See the landmark buildings lit up at night', 'Have dinner in a historic building'),
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
    morning: ideas(
      'Visit a coffee roaster, tea house or local producer',
      'Take a half-day trip to a vineyard or winery',
    ),
    afternoon: ideas('Join a wine, beer or spirits tasting', 'Visit a local brewery or distillery'),
    evening: ideas('Have dinner with wine pairings from the region', 'Visit a wine bar that pours local bottles'),
  },
  {
    title: 'Relaxation',
    words: ['relaxation', 'relax', 'relaxing', 'spa', 'wellness', 'yoga', 'massage', 'hot springs', 'thermal baths'],
    morning: ideas('Start with a yoga class or a slow breakfast', 'Enjoy a slow morning with nothing planned'),
    afternoon: [
      idea('Spend the afternoon at a spa, thermal bath or pool'),
      idea('Read in a park or a café', 'warm'),
      idea('Read in a café with a view'),
    ],
    evening: ideas('Enjoy a quiet dinner', 'Get a massage and have an early night'),
  },
  {
    title: 'Family time',
    words: ['family', 'kids', 'children', 'zoo', 'aquarium', 'theme park', 'theme parks'],
    morning: ideas('Visit a zoo, aquarium or children’s museum', 'Spend the morning at a park with a good playground'),
    afternoon: ideas(
      'Go to a theme park or an interactive science centre',
      'Take a boat or train ride the children will enjoy',
    ),
    evening: ideas('Have an early family dinner', 'Take an easy evening stroll and get ice cream'),
  },
  {
    title: 'Anime, manga and games',
    words: [
      'anime',
      'manga',
      'comics',
      'comic books',
      'video games',
      'gaming',
      'games',
      'cosplay',
      'pop culture',
      'animation',
      'j pop',
      'k pop',
      'kpop',
    ],
    morning: ideas(
      'Browse the anime, manga and game shops of a pop-culture district in {place}',
      'Visit a museum or exhibition about animation, comics or games',
    ),
    afternoon: ideas(
      'Hunt for second-hand manga, figures and retro games in specialist shops',
      'Stop at a themed café in the pop-culture district',
    ),
    evening: ideas(
      'Play a few rounds at a game arcade',
      'Check the listings for an anime screening, live show or fan event',
    ),
  },
  {
    title: 'Northern lights',
    words: ['northern lights', 'aurora', 'aurora borealis', 'auroras'],
    morning: [idea('Sleep in after a late night watching the sky', 'aurora')],
    afternoon: [idea('Check the aurora forecast and the cloud cover for the night ahead', 'aurora')],
    evening: [
      idea('Join a northern lights tour that drives away from the lights of {place}', 'aurora'),
      idea('Head somewhere dark outside {place} on a clear night and watch for the aurora', 'aurora'),
    ],
    packing: ['Warm layers, hat and gloves for standing outside at night'],
  },
  {
    title: 'Stargazing',
    words: ['stargazing', 'stars', 'night sky', 'astronomy', 'astrophotography'],
    morning: ideas('Visit a planetarium or a science museum'),
    afternoon: ideas('Check the cloud forecast and find a dark spot outside {place}'),
    evening: ideas('Go stargazing somewhere dark outside {place} on a clear night'),
  },
];

/** Dishes and drinks a food lover names: the theme says what to do about that one ('sushi'). */
const DISHES: readonly { words: readonly string[]; dish: string; venue: string }[] = [
  { words: ['sushi', 'sashimi'], dish: 'sushi', venue: 'a sushi counter' },
  { words: ['ramen'], dish: 'ramen', venue: 'a ramen shop' },
  { words: ['tapas', 'pintxos'], dish: 'tapas', venue: 'a tapas bar' },
  { words: ['pizza'], dish: 'pizza', venue: 'a pizzeria' },
  { words: ['pasta'], dish: 'fresh pasta', venue: 'a trattoria' },
  { words: ['dim sum', 'dumplings'], dish: 'dim sum', venue: 'a dim sum restaurant' },
  { words: ['tacos', 'mexican food'], dish: 'tacos', venue: 'a taqueria' },
  { words: ['curry', 'curries'], dish: 'curry', venue: 'a curry house' },
  { words: ['seafood', 'fish', 'oysters'], dish: 'seafood', venue: 'a seafood restaurant' },
  { words: ['pastries', 'pastry', 'cakes', 'desserts', 'baking'], dish: 'pastries', venue: 'a pastry shop' },
  { words: ['chocolate'], dish: 'chocolate', venue: 'a chocolatier' },
  { words: ['cheese'], dish: 'cheese', venue: 'a cheese shop' },
  { words: ['barbecue', 'bbq'], dish: 'barbecue', venue: 'a barbecue restaurant' },
  { words: ['pho', 'noodles'], dish: 'noodle soup', venue: 'a noodle shop' },
  { words: ['gelato', 'ice cream'], dish: 'gelato', venue: 'a gelateria' },
];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const DISH_THEMES: readonly ThemeEntry[] = DISHES.map(({ words, dish, venue }) => ({
  title: `${capitalise(dish)} and local food`,
  words,
  morning: ideas(`Learn to make ${dish} at a cooking class`, `Browse a food market in {place} and look for ${dish}`),
  afternoon: ideas(
    `Have ${dish} for lunch at ${venue} where the locals queue`,
    `Try ${dish} at a second place and compare`,
  ),
  evening: ideas(`Book dinner at ${venue} with a good local reputation`),
}));

const ALL_THEMES: readonly ThemeEntry[] = [...DISH_THEMES, ...THEMES];

/** The balanced mix planned when the user named no interests, or none the planner knows. */
export const DEFAULT_THEMES = ['history', 'food', 'nature', 'culture', 'relaxation'];

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The theme an interest as typed points at: one of its words, whole, in the interest
 * ('Street food' → food, 'Modern art' → art, 'sushi' → sushi); null for an interest the planner
 * does not know.
 */
export function themeOf(interest: string): InterestTheme | null {
  const text = ` ${normalise(interest)} `;
  return ALL_THEMES.find((theme) => theme.words.some((word) => text.includes(` ${word} `))) ?? null;
}

/** Cuts text to at most `max` characters at a word boundary (names typed by the user can be long). */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * The themes for the interests, in the order given (themes are not repeated). An interest the
 * planner does not know shapes nothing: it is left out rather than written as filler ('Time for
 * birdsong recording'); when none is known, the balanced mix.
 */
export function themesFor(interests: readonly string[]): InterestTheme[] {
  const themes: InterestTheme[] = [];
  for (const interest of interests) {
    const theme = themeOf(interest);
    if (theme && !themes.includes(theme)) themes.push(theme);
  }
  if (themes.length) return themes;
  return DEFAULT_THEMES.map((interest) => themeOf(interest)!);
}

/** The interests the planner has no ideas for (the plan says so instead of writing filler). */
export function unknownInterests(interests: readonly string[]): string[] {
  return interests.filter((interest) => !themeOf(interest));
}

/** The themes of the balanced mix, to fill a part of a day the person's own themes leave empty. */
export const fallbackThemes = (): InterestTheme[] => DEFAULT_THEMES.map((interest) => themeOf(interest)!);

/**
 * Whether the day's weather allows the idea. At a place the table does not know, the ideas for
 * ordinary weather, not those for snow or the aurora (they need to know the place).
 */
export function weatherAllows(idea: Idea, weather: DayWeather): boolean {
  if (!idea.needs) return true;
  if (!weather.known) return !idea.needs.includes('snow') && !idea.needs.includes('aurora');
  return idea.needs.every((need) => {
    switch (need) {
      case 'warm':
        return weather.warm;
      case 'clearPaths':
        return !weather.snowy;
      case 'snow':
        return weather.snowy;
      case 'longDays':
        return !weather.longNights;
      case 'aurora':
        return weather.aurora;
    }
  });
}

/** The idea's sentence at the destination. */
export const ideaText = (idea: Idea, place: string) => idea.text.replaceAll('{place}', place);
