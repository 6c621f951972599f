import {
  carConfirmationHtml,
  eventConfirmationHtml,
  flightConfirmationHtml,
  flightMarkup,
  hotelConfirmationHtml,
  microdataHotelHtml,
  roundTripGraphHtml,
  trainConfirmationHtml,
} from './reservation-fixtures';
import { readReservations, readTime } from './reservations';
import { schemaOrgItems } from './schema-org';

const options = { timezone: 'Europe/Berlin' };
const read = (html: string) => readReservations(html, options);

describe('schema.org reservations in a confirmation', () => {
  it('reads a flight: its number, airports, both local times and the price', () => {
    const [entry, ...rest] = read(flightConfirmationHtml);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'flight',
      title: 'Flight BA117 London Heathrow → New York JFK',
      location: 'London Heathrow',
      destination: 'New York',
      reservationNumber: 'RXJ34P',
      price: { amount: 1250, currency: 'USD' },
      start: { date: '2027-03-10', time: '11:40' },
      end: { date: '2027-03-10', time: '14:45' },
    });
    // 11:40 in London and 14:45 in New York (UTC-5): 7 h 05 in the air.
    expect(entry.start.instant.toISOString()).toBe('2027-03-10T11:40:00.000Z');
    expect(entry.end.instant.toISOString()).toBe('2027-03-10T19:45:00.000Z');
    expect(entry.notes).toEqual(['Confirmation: RXJ34P', 'Passenger: Eva Green', 'Total: USD 1250.00']);
  });

  it('reads a hotel as its check-in and its check-out, the price counted once', () => {
    const entries = read(hotelConfirmationHtml);
    expect(entries.map((entry) => [entry.title, entry.start.date, entry.start.time, entry.price])).toEqual([
      ['The Greenwich Hotel, New York (check-in)', '2027-03-10', '15:00', { amount: 980.5, currency: 'USD' }],
      ['The Greenwich Hotel, New York (check-out)', '2027-03-14', '11:00', null],
    ]);
    expect(entries[0].location).toBe('The Greenwich Hotel, 377 Greenwich St, New York');
    expect(entries[0].destination).toBe('New York');
    expect(entries[1].start.instant.toISOString()).toBe('2027-03-14T15:00:00.000Z');
  });

  it('reads a rental car as its pickup and its return', () => {
    const entries = read(carConfirmationHtml);
    expect(entries.map((entry) => entry.title)).toEqual([
      'Hertz car pickup at Nice Côte d’Azur Airport',
      'Hertz car return at Nice Côte d’Azur Airport',
    ]);
    expect(entries[0]).toMatchObject({ kind: 'car', destination: 'Nice', price: { amount: 312.4, currency: 'EUR' } });
    expect(entries[0].start.instant.toISOString()).toBe('2027-06-02T08:00:00.000Z');
  });

  it('reads a train ride from departure to arrival', () => {
    const [entry] = read(trainConfirmationHtml);
    expect(entry).toMatchObject({
      kind: 'train',
      title: 'Train ICE 597 Berlin Hbf → München Hbf',
      destination: 'München',
      price: null,
      start: { time: '08:29' },
      end: { time: '12:31' },
    });
  });

  it('reads an event with its venue', () => {
    const [entry] = read(eventConfirmationHtml);
    expect(entry).toMatchObject({
      kind: 'event',
      title: 'La Traviata',
      location: 'Royal Opera House, London',
      price: { amount: 180, currency: 'GBP' },
    });
    expect(entry.end.instant.toISOString()).toBe('2027-04-18T21:45:00.000Z');
  });

  it('reads microdata: nested items, meta, link, time and a decimal comma', () => {
    const entries = read(microdataHotelHtml);
    expect(entries.map((entry) => entry.title)).toEqual([
      'Hotel Le Marais, Paris (check-in)',
      'Hotel Le Marais, Paris (check-out)',
    ]);
    expect(entries[0]).toMatchObject({
      reservationNumber: 'abc456',
      location: 'Hotel Le Marais, 11 Rue de Turenne, Paris',
      price: { amount: 420, currency: 'EUR' },
      start: { date: '2027-09-01', time: '15:00' },
    });
    expect(entries[0].notes).toContain('Guest: John Smith');
  });

  it('reads every reservation of a @graph and of an array, in time order, the shared total once', () => {
    const entries = read(roundTripGraphHtml);
    expect(entries.map((entry) => [entry.title, entry.price?.amount ?? null])).toEqual([
      ['Flight LX318 Zurich Airport → London City Airport', 640],
      ['Flight LX457 London City Airport → Zurich Airport', null],
    ]);
    expect(entries[0].destination).toBe('London City');
    const array = `<script type="application/ld+json">${JSON.stringify([flightMarkup, flightMarkup])}</script>`;
    expect(read(array)).toHaveLength(1);
  });

  it('gives nothing for broken JSON, plain mail or a cancellation, without throwing', () => {
    expect(read('<script type="application/ld+json">{"@type": "FlightReservation", </script>')).toEqual([]);
    expect(read('<p>See you on Tuesday</p>')).toEqual([]);
    expect(read('')).toEqual([]);
    expect(readReservations(null, options)).toEqual([]);
    const cancelled = { ...flightMarkup, reservationStatus: 'http://schema.org/ReservationCancelled' };
    expect(read(`<script type="application/ld+json">${JSON.stringify(cancelled)}</script>`)).toEqual([]);
    const noTime = { ...flightMarkup, reservationFor: { ...flightMarkup.reservationFor, departureTime: 'soon' } };
    expect(read(`<script type="application/ld+json">${JSON.stringify(noTime)}</script>`)).toEqual([]);
  });

  it('keeps the other blocks when one is broken', () => {
    const html = `<script type="application/ld+json">{oops</script>${flightConfirmationHtml}`;
    expect(schemaOrgItems(html)).toHaveLength(1);
    expect(read(html)).toHaveLength(1);
  });
});

describe('readTime', () => {
  it('keeps the clock time as written and the instant its offset gives', () => {
    expect(readTime('2027-03-10T14:45:00-0500', 'UTC')).toEqual({
      instant: new Date('2027-03-10T19:45:00Z'),
      date: '2027-03-10',
      time: '14:45',
    });
    expect(readTime('2027-03-10T23:30Z', 'UTC')?.instant.toISOString()).toBe('2027-03-10T23:30:00.000Z');
  });

  it('reads a time without an offset in the given zone, and a bare date at the default time', () => {
    expect(readTime('2027-07-01T09:00:00', 'Europe/Berlin')?.instant.toISOString()).toBe('2027-07-01T07:00:00.000Z');
    expect(readTime('2027-07-01', 'Europe/Berlin', '15:00')).toEqual({
      instant: new Date('2027-07-01T13:00:00Z'),
      date: '2027-07-01',
      time: null,
    });
    expect(readTime('next Tuesday', 'UTC')).toBeNull();
    expect(readTime(42, 'UTC')).toBeNull();
  });
});
