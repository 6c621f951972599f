import { type ItineraryTimelineDay, TRAVEL_CAPS, type TravelItinerary } from '@aide/contracts';
import { type DayWeather, dayWeather } from './destinations';
import { fallbackThemes, type Idea, ideaText, type InterestTheme, themesFor, weatherAllows } from './interests';
import { placeInSentence, placeName, type TripInput } from './trip';

type Slot = 'morning' | 'afternoon' | 'evening';

interface Picked {
  text: string;
  theme: InterestTheme;
}

/**
 * Picks ideas for the parts of the days: from the theme asked for first, then the person's other
 * themes, then the balanced mix; only ideas the day's weather allows, and each idea once in the
 * trip while there are unused ones (a long trip repeats only when every idea has been used).
 */
class IdeaPicker {
  private readonly used = new Set<Idea>();
  private readonly extra: InterestTheme[];

  constructor(
    private readonly themes: readonly InterestTheme[],
    private readonly place: string,
  ) {
    this.extra = fallbackThemes().filter((theme) => !themes.includes(theme));
  }

  /** The theme at `index`, counted round the person's themes. */
  theme(index: number): InterestTheme {
    return this.themes[index % this.themes.length];
  }

  next(first: InterestTheme, slot: Slot, weather: DayWeather, avoid: ReadonlySet<string> = new Set()): Picked {
    const order = [first, ...this.themes.filter((theme) => theme !== first), ...this.extra];
    const fits = (idea: Idea) => weatherAllows(idea, weather) && !avoid.has(idea.text);
    for (const allowReuse of [false, true]) {
      for (const theme of order) {
        const found = theme[slot].find((idea) => fits(idea) && (allowReuse || !this.used.has(idea)));
        if (found) {
          this.used.add(found);
          return { text: ideaText(found, this.place), theme };
        }
      }
    }
    // Unreachable: the balanced mix has ideas for every slot that need no particular weather.
    throw new Error(`No ${slot} idea for the day`);
  }
}

/**
 * The offline engine's itinerary: a `timeline` with exactly one day per date of the trip. The first
 * day is arrival-shaped and the last departure-shaped (a day trip is both); the days between are
 * led by the interests in turn (morning from the day's lead, afternoon and evening from the
 * following ones). Every idea suits the weather of its date at the destination (no marked-trail
 * hike in Reykjavik in December) and none repeats while others are left. An interest the planner
 * knows nothing about is left out; no interests: a balanced mix.
 */
export function offlineItinerary(trip: TripInput): TravelItinerary {
  const ideas = new IdeaPicker(themesFor(trip.interests), placeInSentence(trip.destination));
  const place = placeName(trip.destination);
  const last = trip.dates.length - 1;
  const timeline = trip.dates.map((date, index): ItineraryTimelineDay => {
    const weather = dayWeather(trip.climateZone, trip.latitude, date);
    const lead = ideas.theme(index === 0 ? 0 : index - 1);
    const day = { day: `Day ${index + 1}`, date };
    if (last === 0) {
      return {
        ...day,
        title: 'Day trip',
        morning: `Arrive in ${place}`,
        afternoon: ideas.next(lead, 'afternoon', weather).text,
        evening: `Travel home from ${place}`,
      };
    }
    if (index === 0) {
      return {
        ...day,
        title: 'Arrival',
        morning: `Arrive in ${place} and check in to your accommodation`,
        afternoon: 'Get your bearings with an easy walk around your neighbourhood',
        evening: ideas.next(lead, 'evening', weather).text,
      };
    }
    if (index === last) {
      return {
        ...day,
        title: 'Departure',
        morning: ideas.next(lead, 'morning', weather).text,
        afternoon: 'Check out and travel to your departure point, leaving time to spare',
        evening: `Travel home from ${place}`,
      };
    }
    const morning = ideas.next(lead, 'morning', weather);
    const afternoon = ideas.next(ideas.theme(index), 'afternoon', weather);
    const evening = ideas.next(ideas.theme(index + 1), 'evening', weather);
    return {
      ...day,
      title: morning.theme.title,
      morning: morning.text,
      afternoon: afternoon.text,
      evening: evening.text,
    };
  });
  return { timeline };
}

const hasPlans = (day: ItineraryTimelineDay | undefined): day is ItineraryTimelineDay =>
  Boolean(day && (day.morning || day.afternoon || day.evening));

/** Lines that say nothing about the place or the interest (a model writes them too). */
const FILLER = [
  /^(more |free )?time for\b/i,
  /places and people connected with/i,
  /\bat your (own pace|leisure)\b/i,
  /^(free|leisure) time\b/i,
];

export const isFiller = (line: string | undefined) => Boolean(line && FILLER.some((pattern) => pattern.test(line)));

/**
 * Whatever the engine returned, the itinerary the plan stores: a timeline with exactly one day per
 * date of the trip, labelled 'Day N' with its date. A day the answer has (matched by date, else by
 * position) is kept; a day it lacks, or left empty, comes from the offline itinerary; days beyond
 * the trip are dropped. The other shapes (days, byDay) are not kept, so the screen shows this one;
 * the transportation list is kept, up to its cap.
 */
export function fitItinerary(answer: TravelItinerary, trip: TripInput): TravelItinerary {
  const fallback = offlineItinerary(trip).timeline ?? [];
  const given = answer.timeline ?? [];
  const timeline = trip.dates.map((date, index): ItineraryTimelineDay => {
    const byDate = given.find((day) => day.date === date);
    const source = [byDate, given[index]].find(hasPlans) ?? fallback[index];
    // A filler line of the answer's gives way to the offline plan's line for that part of the day.
    const part = (slot: 'morning' | 'afternoon' | 'evening') =>
      isFiller(source[slot]) ? fallback[index][slot] : source[slot];
    return {
      day: `Day ${index + 1}`,
      date,
      title: isFiller(source.title) ? fallback[index].title : source.title,
      morning: part('morning'),
      afternoon: part('afternoon'),
      evening: part('evening'),
    };
  });
  const transportation = answer.transportation?.slice(0, TRAVEL_CAPS.itinerary.transportation);
  return { timeline, ...(transportation?.length ? { transportation } : {}) };
}
