import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { type SchemaThing, schemaOrgItems, typeName } from './schema-org';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

export type ReservationKind = 'flight' | 'lodging' | 'car' | 'train' | 'event';

/** A time a confirmation states: the instant, and the local date and clock time as written (the place's own). */
export interface ReservationTime {
  instant: Date;
  /** 'YYYY-MM-DD' as written (the airport's or hotel's day, not the reader's). */
  date: string;
  /** 'HH:mm' as written; null when the confirmation gives only a date. */
  time: string | null;
}

export interface Money {
  amount: number;
  currency: string | null;
}

/**
 * One moment of a reservation that belongs in a calendar and an itinerary: a flight or a train ride
 * (departure to arrival), a hotel's check-in and its check-out, a car's pickup and its return, an
 * event. The price goes with the first moment of its reservation only, so it is counted once.
 */
export interface ReservationEntry {
  /** Stable across re-analysis of the same message: kind, confirmation number and what the moment is. */
  key: string;
  kind: ReservationKind;
  title: string;
  start: ReservationTime;
  end: ReservationTime;
  location: string | null;
  /** Where the person is after this moment (a flight's arrival city, the hotel's town): a trip's destination. */
  destination: string | null;
  reservationNumber: string | null;
  price: Money | null;
  /** Lines for the event's description: confirmation number, passenger or guest, price. */
  notes: string[];
}

/** The options that come from the reader, not the markup. */
export interface ReadOptions {
  /** IANA zone for times written without an offset (the profile's; the markup names no zone). */
  timezone: string;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An ISO 8601 time from the markup. With an offset it is that instant, and its date and clock time
 * are the place's own as written; without one it is read in `timezone`; a bare date is that day at
 * `defaultTime` (the time then counts as not stated). Anything else is null.
 */
export function readTime(value: unknown, timezone: string, defaultTime = '00:00'): ReservationTime | null {
  if (typeof value !== 'string') return null;
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, date, hours, minutes, seconds, offset] = match;
  const time = hours ? `${hours}:${minutes}` : null;
  const clock = `${time ?? defaultTime}:${seconds ?? '00'}`;
  let instant: Date;
  if (offset) {
    const normalised = /^[+-]\d{2}$/.test(offset) ? `${offset}:00` : offset.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    instant = new Date(`${date}T${clock}${normalised.toUpperCase()}`);
  } else {
    try {
      instant = dayjs.tz(`${date}T${clock}`, timezone).toDate();
    } catch {
      instant = dayjs.utc(`${date}T${clock}`).toDate();
    }
  }
  if (Number.isNaN(instant.getTime())) return null;
  return { instant, date, time };
}

const later = (time: ReservationTime, minutes: number): ReservationTime => {
  const instant = new Date(time.instant.getTime() + minutes * 60_000);
  return { instant, date: time.date, time: time.time };
};

const thing = (value: unknown): SchemaThing | null => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'object' && first !== null ? (first as SchemaThing) : null;
};

/** A text property, trimmed; a nested item gives its name. */
function text(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first.replace(/\s+/g, ' ').trim() || null;
  if (typeof first === 'number') return String(first);
  const item = thing(first);
  return item ? text(item.name) : null;
}

/** The town of a place: its address's locality, or a plain-text address as written. */
function locality(place: SchemaThing | null): string | null {
  if (!place) return null;
  const address = place.address;
  if (typeof address === 'string') return text(address);
  return text(thing(address)?.addressLocality);
}

/** How a person names a place in a title: its name, else its code (airports), else its town. */
const placeName = (place: SchemaThing | null): string | null =>
  place ? (text(place.name) ?? text(place.iataCode) ?? locality(place)) : null;

/** A place's town, or its name without "International Airport" (what a trip's destination reads as). */
const townOf = (place: SchemaThing | null): string | null =>
  locality(place) ?? placeName(place)?.replace(/\s+(international\s+)?(airport|airfield)$/i, '') ?? null;

/** A price: a number, a text such as "1,234.50", or a PriceSpecification; null when none is readable. */
function amountOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[^\d.,]/g, '');
  if (!digits) return null;
  // "1.234,50" and "1 234,50" (a decimal comma) as well as "1,234.50".
  const decimalComma = /,\d{1,2}$/.test(digits) && !/\.\d{1,2}$/.test(digits);
  const normalised = decimalComma ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  const amount = Number(normalised);
  return Number.isFinite(amount) ? amount : null;
}

function priceOf(reservation: SchemaThing): Money | null {
  for (const name of ['totalPrice', 'price']) {
    const value = reservation[name];
    const specification = thing(value);
    const amount = specification ? amountOf(specification.price ?? specification.value) : amountOf(value);
    if (amount === null) continue;
    const currency =
      text(specification?.priceCurrency) ?? text(specification?.currency) ?? text(reservation.priceCurrency);
    return { amount: Math.round(amount * 100) / 100, currency: currency ? currency.toUpperCase() : null };
  }
  return null;
}

export const formatMoney = (money: Money) =>
  money.currency ? `${money.currency} ${money.amount.toFixed(2)}` : money.amount.toFixed(2);

/** A reservation's own parts every moment shares. */
interface Common {
  reservationNumber: string | null;
  price: Money | null;
  notes: string[];
}

function commonOf(reservation: SchemaThing, personLabel: string): Common {
  const reservationNumber = text(reservation.reservationNumber);
  const price = priceOf(reservation);
  const person = text(thing(reservation.underName)?.name ?? reservation.underName);
  const notes = [
    ...(reservationNumber ? [`Confirmation: ${reservationNumber}`] : []),
    ...(person ? [`${personLabel}: ${person}`] : []),
    ...(price ? [`Total: ${formatMoney(price)}`] : []),
  ];
  return { reservationNumber, price, notes };
}

const keyOf = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => (part ?? '').replace(/\s+/g, ' ').trim())
    .join(':')
    .slice(0, 200);

const arrow = (from: string | null, to: string | null) => [from, to].filter(Boolean).join(' → ');

function flight(reservation: SchemaThing, options: ReadOptions): ReservationEntry[] {
  const trip = thing(reservation.reservationFor);
  if (!trip) return [];
  const start = readTime(trip.departureTime, options.timezone);
  if (!start) return [];
  const end = readTime(trip.arrivalTime, options.timezone) ?? later(start, 60);
  const airline = text(thing(trip.airline)?.iataCode) ?? text(trip.airline);
  const number = text(trip.flightNumber);
  const code =
    number && airline && !number.toUpperCase().startsWith(airline.toUpperCase()) ? `${airline}${number}` : number;
  const from = thing(trip.departureAirport);
  const to = thing(trip.arrivalAirport);
  const route = arrow(placeName(from), placeName(to));
  const common = commonOf(reservation, 'Passenger');
  return [
    {
      ...common,
      key: keyOf('flight', common.reservationNumber, code, start.date, text(from?.iataCode)),
      kind: 'flight',
      title: [code ? `Flight ${code}` : 'Flight', route].filter(Boolean).join(' '),
      start,
      end,
      location: placeName(from),
      destination: townOf(to),
    },
  ];
}

function train(reservation: SchemaThing, options: ReadOptions): ReservationEntry[] {
  const trip = thing(reservation.reservationFor);
  if (!trip) return [];
  const start = readTime(trip.departureTime, options.timezone);
  if (!start) return [];
  const end = readTime(trip.arrivalTime, options.timezone) ?? later(start, 60);
  const name = [text(trip.trainName), text(trip.trainNumber)].filter(Boolean).join(' ');
  const from = thing(trip.departureStation);
  const to = thing(trip.arrivalStation);
  const common = commonOf(reservation, 'Passenger');
  return [
    {
      ...common,
      key: keyOf('train', common.reservationNumber, name, start.date, placeName(from)),
      kind: 'train',
      title: [name ? `Train ${name}` : 'Train', arrow(placeName(from), placeName(to))].filter(Boolean).join(' '),
      start,
      end,
      location: placeName(from),
      destination: townOf(to),
    },
  ];
}

/** Check-in and check-out, each a short event: a stay-long one would mark the whole stay busy. */
function lodging(reservation: SchemaThing, options: ReadOptions): ReservationEntry[] {
  const hotel = thing(reservation.reservationFor);
  if (!hotel) return [];
  const checkIn = readTime(reservation.checkinTime ?? reservation.checkinDate, options.timezone, '15:00');
  const checkOut = readTime(reservation.checkoutTime ?? reservation.checkoutDate, options.timezone, '11:00');
  if (!checkIn) return [];
  const name = text(hotel.name) ?? 'Hotel';
  const town = locality(hotel);
  const place = town && !name.includes(town) ? `${name}, ${town}` : name;
  const address = thing(hotel.address);
  const location =
    typeof hotel.address === 'string'
      ? `${name}, ${text(hotel.address)}`
      : [name, text(address?.streetAddress), town].filter(Boolean).join(', ');
  const common = commonOf(reservation, 'Guest');
  const base = keyOf('lodging', common.reservationNumber, name, checkIn.date);
  const entries: ReservationEntry[] = [
    {
      ...common,
      key: `${base}:check-in`,
      kind: 'lodging',
      title: `${place} (check-in)`,
      start: checkIn,
      end: later(checkIn, 30),
      location,
      destination: town ?? name,
    },
  ];
  if (checkOut)
    entries.push({
      ...common,
      price: null,
      key: `${base}:check-out`,
      kind: 'lodging',
      title: `${place} (check-out)`,
      start: checkOut,
      end: later(checkOut, 30),
      location,
      destination: town ?? name,
    });
  return entries;
}

/** Pickup and return, each a short event (the car is no appointment in between). */
function rentalCar(reservation: SchemaThing, options: ReadOptions): ReservationEntry[] {
  const pickup = readTime(reservation.pickupTime, options.timezone);
  if (!pickup) return [];
  const dropoff = readTime(reservation.dropoffTime, options.timezone);
  const car = thing(reservation.reservationFor);
  const company = text(thing(car?.rentalCompany)?.name) ?? text(thing(reservation.provider)?.name) ?? text(car?.brand);
  const pickupPlace = thing(reservation.pickupLocation);
  const dropoffPlace = thing(reservation.dropoffLocation) ?? pickupPlace;
  const common = commonOf(reservation, 'Driver');
  const base = keyOf('car', common.reservationNumber, company, pickup.date);
  const titled = (what: string, place: SchemaThing | null) =>
    [company ? `${company} ${what}` : what.charAt(0).toUpperCase() + what.slice(1), placeName(place)]
      .filter(Boolean)
      .join(' at ');
  const entries: ReservationEntry[] = [
    {
      ...common,
      key: `${base}:pickup`,
      kind: 'car',
      title: titled('car pickup', pickupPlace),
      start: pickup,
      end: later(pickup, 30),
      location: placeName(pickupPlace),
      destination: townOf(pickupPlace),
    },
  ];
  if (dropoff)
    entries.push({
      ...common,
      price: null,
      key: `${base}:return`,
      kind: 'car',
      title: titled('car return', dropoffPlace),
      start: dropoff,
      end: later(dropoff, 30),
      location: placeName(dropoffPlace),
      destination: townOf(dropoffPlace),
    });
  return entries;
}

function eventReservation(reservation: SchemaThing, options: ReadOptions): ReservationEntry[] {
  const event = thing(reservation.reservationFor);
  if (!event) return [];
  const start = readTime(event.startDate, options.timezone, '19:00');
  if (!start) return [];
  const end = readTime(event.endDate, options.timezone, '23:00') ?? later(start, 120);
  const venue = thing(event.location);
  const name = text(event.name) ?? 'Event';
  const town = locality(venue);
  const venueName = placeName(venue);
  const common = commonOf(reservation, 'Ticket holder');
  return [
    {
      ...common,
      key: keyOf('event', common.reservationNumber, name, start.date),
      kind: 'event',
      title: name,
      start,
      end: end.instant > start.instant ? end : later(start, 120),
      location: [venueName, town && venueName !== town ? town : null].filter(Boolean).join(', ') || null,
      destination: town ?? venueName,
    },
  ];
}

const READERS: Record<string, (reservation: SchemaThing, options: ReadOptions) => ReservationEntry[]> = {
  FlightReservation: flight,
  TrainReservation: train,
  LodgingReservation: lodging,
  RentalCarReservation: rentalCar,
  EventReservation: eventReservation,
};

/** A cancelled reservation suggests nothing (its cancellation mail carries the same markup). */
const cancelled = (reservation: SchemaThing) =>
  /cancel/i.test(typeName(reservation.reservationStatus) ?? text(reservation.reservationStatus) ?? '');

/**
 * The reservation moments an email's HTML carries, in time order. A reservation repeated (one per
 * passenger, or as JSON-LD and microdata both) counts once; a total repeated on each leg of the same
 * booking counts once. Markup that cannot be read gives nothing.
 */
export function readReservations(html: string | null | undefined, options: ReadOptions): ReservationEntry[] {
  const byKey = new Map<string, ReservationEntry>();
  for (const item of schemaOrgItems(html)) {
    const read = READERS[typeName(item['@type']) ?? ''];
    if (!read || cancelled(item)) continue;
    let entries: ReservationEntry[];
    try {
      entries = read(item, options);
    } catch {
      continue;
    }
    for (const entry of entries) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  }
  const entries = [...byKey.values()].sort((a, b) => a.start.instant.getTime() - b.start.instant.getTime());
  const pricedBookings = new Set<string>();
  return entries.map((entry) => {
    if (!entry.price || !entry.reservationNumber) return entry;
    const booking = `${entry.reservationNumber}:${entry.price.amount}:${entry.price.currency}`;
    if (pricedBookings.has(booking)) return { ...entry, price: null };
    pricedBookings.add(booking);
    return entry;
  });
}
