import { type ItineraryTimelineDay, TRAVEL_CAPS, type TravelItinerary } from '@aide/contracts';
import { type InterestTheme, themesFor } from './interests';
import { placeName, type TripInput } from './trip';

type Slot = 'morning' | 'afternoon' | 'evening';

/**
 * Picks ideas from the themes in turn: each theme's list of ideas for a slot is walked round, so a
 * theme that leads several days offers a different idea each time.
 */
class IdeaRotation {
  private readonly used = new Map<string, number>();

  constructor(private readonly themes: readonly InterestTheme[]) {}

  /** The theme at `index`, counted round the list. */
  theme(index: number): InterestTheme {
    return this.themes[index % this.themes.length];
  }

  next(theme: InterestTheme, slot: Slot): string {
    const key = `${this.themes.indexOf(theme)}:${slot}`;
    const count = this.used.get(key) ?? 0;
    this.used.set(key, count + 1);
    return theme[slot][count % theme[slot].length];
  }
}

/**
 * The offline engine's itinerary: a `timeline` with exactly one day per date of the trip. The first
 * day is arrival-shaped and the last departure-shaped (a day trip is both); the days between are
 * led by the interests in turn (morning from the day's lead, afternoon and evening from the
 * following ones), with ideas rotating so days vary. No interests: a balanced mix.
 */
export function offlineItinerary(trip: TripInput): TravelItinerary {
  const ideas = new IdeaRotation(themesFor(trip.interests));
  const place = placeName(trip.destination);
  const last = trip.dates.length - 1;
  const timeline = trip.dates.map((date, index): ItineraryTimelineDay => {
    const lead = ideas.theme(index === 0 ? 0 : index - 1);
    const day = { day: `Day ${index + 1}`, date };
    if (last === 0) {
      return {
        ...day,
        title: 'Day trip',
        morning: `Arrive in ${place}`,
        afternoon: ideas.next(lead, 'afternoon'),
        evening: `Travel home from ${place}`,
      };
    }
    if (index === 0) {
      return {
        ...day,
        title: 'Arrival',
        morning: `Arrive in ${place} and check in to your accommodation`,
        afternoon: 'Get your bearings with an easy walk around your neighbourhood',
        evening: ideas.next(lead, 'evening'),
      };
    }
    if (index === last) {
      return {
        ...day,
        title: 'Departure',
        morning: ideas.next(lead, 'morning'),
        afternoon: 'Check out and travel to your departure point, leaving time to spare',
        evening: `Travel home from ${place}`,
      };
    }
    return {
      ...day,
      title: lead.title,
      morning: ideas.next(lead, 'morning'),
      afternoon: ideas.next(ideas.theme(index), 'afternoon'),
      evening: ideas.next(ideas.theme(index + 1), 'evening'),
    };
  });
  return { timeline };
}

const hasPlans = (day: ItineraryTimelineDay | undefined): day is ItineraryTimelineDay =>
  Boolean(day && (day.morning || day.afternoon || day.evening));

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
    return {
      day: `Day ${index + 1}`,
      date,
      title: source.title,
      morning: source.morning,
      afternoon: source.afternoon,
      evening: source.evening,
    };
  });
  const transportation = answer.transportation?.slice(0, TRAVEL_CAPS.itinerary.transportation);
  return { timeline, ...(transportation?.length ? { transportation } : {}) };
}
