import { reservationCandidates } from './reservation-candidates';
import { carConfirmationHtml, flightConfirmationHtml, hotelConfirmationHtml } from './reservation-fixtures';
import { readReservations } from './reservations';

const read = (html: string) => readReservations(html, { timezone: 'UTC' });
const newYork = { id: 4, destination: 'New York', startDate: '2027-03-10', endDate: '2027-03-14' };
const pdf = { filename: 'e-ticket.pdf', contentType: 'application/pdf' };

describe('what a reservation suggests', () => {
  it('a flight inside a trip: its event, the trip item with its cost, the PDF', () => {
    const candidates = reservationCandidates(
      read(flightConfirmationHtml),
      [newYork],
      [{ filename: 'logo.png', contentType: 'image/png' }, pdf],
    );
    expect(candidates.map((candidate) => [candidate.kind, candidate.title])).toEqual([
      ['event', 'Flight BA117 London Heathrow → New York JFK'],
      ['trip-item', 'Flight BA117 London Heathrow → New York JFK on your New York trip'],
      ['document', 'e-ticket.pdf, the booking confirmation'],
    ]);
    expect(candidates[0]).toMatchObject({
      origin: 'reservation',
      detail: 'Confirmation: RXJ34P · Passenger: Eva Green · Total: USD 1250.00',
      draft: {
        startTime: '2027-03-10T11:40:00.000Z',
        endTime: '2027-03-10T19:45:00.000Z',
        location: 'London Heathrow',
      },
    });
    expect(candidates[1]).toMatchObject({
      detail: '10 Mar 2027, 11:40 · USD 1250.00 to the expenses',
      draft: {
        tripId: 4,
        date: '2027-03-10',
        time: '11:40',
        expense: { category: 'Transportation', amount: 1250, currency: 'USD' },
      },
    });
    expect(candidates[2].draft).toEqual({
      attachmentIndex: 1,
      filename: 'e-ticket.pdf',
      contentType: 'application/pdf',
    });
  });

  it('a hotel inside a trip: check-in and check-out items, the cost once under Accommodation', () => {
    const items = reservationCandidates(read(hotelConfirmationHtml), [newYork], []).filter(
      (candidate) => candidate.kind === 'trip-item',
    );
    expect(items.map((item) => [item.draft.date, item.draft.expense?.category ?? null])).toEqual([
      ['2027-03-10', 'Accommodation'],
      ['2027-03-14', null],
    ]);
  });

  it('outside every trip: a new trip to where the bookings lead, over their dates', () => {
    const candidates = reservationCandidates(read(carConfirmationHtml), [newYork], []);
    expect(candidates.map((candidate) => candidate.kind)).toEqual(['event', 'event', 'trip']);
    expect(candidates[2]).toMatchObject({
      title: 'Trip to Nice',
      // The range's spacing follows the ICU data of the Node in use.
      detail: expect.stringMatching(/^2\s*–\s*9 Jun 2027$/),
      draft: { destination: 'Nice', startDate: '2027-06-02', endDate: '2027-06-09' },
    });
  });

  it('a price in another currency than the trips’ is not added to the expenses', () => {
    const nice = { id: 5, destination: 'Nice', startDate: '2027-06-01', endDate: '2027-06-10' };
    const [, item] = reservationCandidates(read(carConfirmationHtml), [nice], []);
    expect(item).toMatchObject({ kind: 'trip-item', detail: '2 Jun 2027, 10:00', draft: { expense: null } });
  });

  it('no reservation, no suggestion (not even for a PDF)', () => {
    expect(reservationCandidates([], [newYork], [pdf])).toEqual([]);
  });
});
