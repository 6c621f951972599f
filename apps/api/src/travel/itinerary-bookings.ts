import {
  expensesTotal,
  type ExpenseItem,
  type ItineraryActivity,
  type ItineraryDay,
  type TravelExpenses,
  type TravelItinerary,
  tripDates,
} from '@aide/contracts';

/** A booking that joins a trip: an activity on its day, and what it cost. */
export interface Booking {
  date: string;
  /** 'HH:mm'; null for a booking with only a date (shown as all day). */
  time: string | null;
  activity: string;
  location: string | null;
  /** The confirmation email; null when the booking came from elsewhere. */
  sourceEmailId: number | null;
  expense: { category: string; amount: number; description: string } | null;
}

/** Where the editor puts a timeline's or keyed map's slots (travelView's editorDays): the same times here. */
const SLOT_TIMES = [
  ['morning', '09:00'],
  ['afternoon', '14:00'],
  ['evening', '19:00'],
] as const;

type Slots = Partial<Record<(typeof SLOT_TIMES)[number][0], string | undefined>>;

const slotActivities = (day: Slots): ItineraryActivity[] =>
  SLOT_TIMES.flatMap(([slot, time]) => {
    const text = day[slot]?.trim();
    return text ? [{ time, activity: text, location: undefined }] : [];
  });

/**
 * The itinerary as a days list, as the itinerary editor saves it: a days list as it is, a timeline's
 * and a keyed map's slots as activities at 09:00, 14:00 and 19:00; no days at all, one per date.
 */
function itineraryDays(itinerary: TravelItinerary | null, dates: string[]): ItineraryDay[] {
  if (itinerary?.days?.length) return itinerary.days.map((day) => ({ ...day, activities: [...day.activities] }));
  if (itinerary?.timeline?.length)
    return itinerary.timeline.map((day) => ({
      day: day.day,
      ...(day.date ? { date: day.date } : {}),
      activities: slotActivities(day),
    }));
  const byDay = Object.entries(itinerary?.byDay ?? {});
  if (byDay.length)
    return byDay.map(([day, plan]) => ({
      day,
      activities:
        typeof plan === 'string'
          ? plan.trim()
            ? [{ time: '', activity: plan.trim(), location: undefined }]
            : []
          : slotActivities(plan),
    }));
  return dates.map((date, index) => ({ day: `Day ${index + 1}`, date, activities: [] }));
}

/** Activities by time; one without a time (all day) first, as a day reads. */
const byTime = (a: ItineraryActivity, b: ItineraryActivity) => (a.time ?? '').localeCompare(b.time ?? '');

/**
 * The itinerary with the booking on its date's day, in time order. A date with no day of its own
 * (the trip's dates changed since) gets one, placed by date.
 */
export function withBookingActivity(
  itinerary: TravelItinerary | null,
  trip: { startDate: string; endDate: string },
  booking: Booking,
): TravelItinerary {
  const dates = tripDates(trip.startDate, trip.endDate);
  const days = itineraryDays(itinerary, dates);
  const activity: ItineraryActivity = {
    time: booking.time ?? '',
    activity: booking.activity,
    location: booking.location ?? undefined,
    ...(booking.sourceEmailId ? { sourceEmailId: booking.sourceEmailId } : {}),
  };
  const index = days.findIndex((day) => day.date === booking.date);
  if (index >= 0) {
    days[index] = { ...days[index], activities: [...days[index].activities, activity].sort(byTime) };
  } else {
    const position = dates.indexOf(booking.date);
    const day: ItineraryDay = {
      day: position >= 0 ? `Day ${position + 1}` : booking.date,
      date: booking.date,
      activities: [activity],
    };
    const after = days.findIndex((other) => other.date !== undefined && other.date > booking.date);
    days.splice(after < 0 ? days.length : after, 0, day);
  }
  return {
    days,
    ...(itinerary?.transportation?.length ? { transportation: itinerary.transportation } : {}),
  };
}

/** The expenses with the booking's cost in its category (made when missing); the total is the items' sum. */
export function withBookingExpense(expenses: TravelExpenses, booking: Booking): TravelExpenses {
  if (!booking.expense) return expenses;
  const item: ExpenseItem = {
    description: booking.expense.description,
    amount: booking.expense.amount,
    date: booking.date,
    ...(booking.sourceEmailId ? { sourceEmailId: booking.sourceEmailId } : {}),
  };
  // The person's own spelling of the category, when they have it ("transport" ≠, "Transportation" =).
  const category =
    Object.keys(expenses.categories).find((name) => name.toLowerCase() === booking.expense!.category.toLowerCase()) ??
    booking.expense.category;
  const categories = { ...expenses.categories, [category]: [...(expenses.categories[category] ?? []), item] };
  return { total: expensesTotal(categories), categories };
}
