import { TRAVEL_DEFAULTS, TRAVEL_LIMITS, tripLength } from '@aide/contracts';
import type { SuggestionCandidate } from '../suggestion-detector';
import { formatMoney, type ReservationEntry, type ReservationKind } from './reservations';

/** The person's trips the bookings may fall in. */
export interface TripSpan {
  id: number;
  destination: string;
  startDate: string;
  endDate: string;
}

export interface AttachmentInfo {
  filename: string | null;
  contentType: string;
}

/** Where a booking's cost goes in the trip's expenses. */
const EXPENSE_CATEGORY: Record<ReservationKind, string> = {
  flight: 'Transportation',
  train: 'Transportation',
  car: 'Transportation',
  lodging: 'Accommodation',
  event: 'Activities',
};

const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateRange = (startDate: string, endDate: string) =>
  startDate === endDate
    ? shortDate.format(new Date(`${startDate}T00:00:00Z`))
    : shortDate.formatRange(new Date(`${startDate}T00:00:00Z`), new Date(`${endDate}T00:00:00Z`));

const isPdf = (attachment: AttachmentInfo) =>
  attachment.contentType.toLowerCase() === 'application/pdf' || /\.pdf$/i.test(attachment.filename ?? '');

/**
 * The suggestions an email's reservations make: an event per moment; per moment in one of the
 * person's trips, an item of that trip (with its cost, in the trips' currency); for the moments in
 * no trip, one new trip spanning them; and each PDF attached (the confirmation), for Documents.
 */
export function reservationCandidates(
  entries: ReservationEntry[],
  trips: TripSpan[],
  attachments: AttachmentInfo[],
): SuggestionCandidate[] {
  if (!entries.length) return [];
  const candidates: SuggestionCandidate[] = [];
  const title = (text: string) => text.slice(0, 200);
  const location = (text: string | null) => text?.slice(0, 500) ?? null;
  const outsideTrips: ReservationEntry[] = [];

  for (const entry of entries) {
    candidates.push({
      kind: 'event',
      origin: 'reservation',
      key: `event:${entry.key}`,
      title: entry.title,
      detail: entry.notes.join(' · ') || null,
      draft: {
        title: title(entry.title),
        startTime: entry.start.instant.toISOString(),
        endTime: entry.end.instant.toISOString(),
        location: location(entry.location),
        description: entry.notes.join('\n') || null,
      },
    });

    const trip = trips.find((span) => span.startDate <= entry.start.date && entry.start.date <= span.endDate);
    if (!trip) {
      outsideTrips.push(entry);
      continue;
    }
    // The trips' amounts are in one currency (the planner's); a price in another is left to the person.
    const price =
      entry.price &&
      entry.price.amount > 0 &&
      (entry.price.currency ?? TRAVEL_DEFAULTS.currency) === TRAVEL_DEFAULTS.currency
        ? entry.price
        : null;
    const when = [shortDate.format(new Date(`${entry.start.date}T00:00:00Z`)), entry.start.time]
      .filter(Boolean)
      .join(', ');
    candidates.push({
      kind: 'trip-item',
      origin: 'reservation',
      key: `trip-item:${trip.id}:${entry.key}`,
      title: `${entry.title} on your ${trip.destination} trip`,
      detail: price ? `${when} · ${formatMoney(price)} to the expenses` : when,
      draft: {
        tripId: trip.id,
        date: entry.start.date,
        time: entry.start.time,
        title: title(entry.title),
        location: location(entry.location),
        expense: price
          ? {
              category: EXPENSE_CATEGORY[entry.kind],
              amount: price.amount,
              currency: TRAVEL_DEFAULTS.currency,
              description: entry.title.slice(0, 200),
            }
          : null,
      },
    });
  }

  const destination = outsideTrips.find((entry) => entry.destination)?.destination;
  if (destination) {
    const startDate = outsideTrips.map((entry) => entry.start.date).sort()[0];
    const endDate = outsideTrips
      .map((entry) => entry.end.date)
      .sort()
      .at(-1)!;
    if (tripLength(startDate, endDate) <= TRAVEL_LIMITS.tripDaysMax)
      candidates.push({
        kind: 'trip',
        origin: 'reservation',
        key: `trip:${outsideTrips[0].key}`,
        title: `Trip to ${destination}`,
        detail: dateRange(startDate, endDate),
        draft: { destination: destination.slice(0, Math.min(200, TRAVEL_LIMITS.destinationMax)), startDate, endDate },
      });
  }

  attachments.forEach((attachment, attachmentIndex) => {
    if (!isPdf(attachment)) return;
    const filename = attachment.filename ?? 'confirmation.pdf';
    candidates.push({
      kind: 'document',
      origin: 'reservation',
      key: `attachment:${attachmentIndex}`,
      title: `${filename}, the booking confirmation`,
      detail: null,
      draft: { attachmentIndex, filename: filename.slice(0, 255), contentType: attachment.contentType.slice(0, 255) },
    });
  });
  return candidates;
}
