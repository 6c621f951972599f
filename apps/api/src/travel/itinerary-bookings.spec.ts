import { type TravelItinerary, travelExpensesSchema } from '@aide/contracts';
import { type Booking, withBookingActivity, withBookingExpense } from './itinerary-bookings';

const trip = { startDate: '2027-03-10', endDate: '2027-03-12' };
const flight: Booking = {
  date: '2027-03-10',
  time: '11:40',
  activity: 'Flight BA117 London Heathrow → New York JFK',
  location: 'London Heathrow',
  sourceEmailId: 7,
  expense: { category: 'Transportation', amount: 1250, description: 'Flight BA117' },
};

describe('a booking joining a trip', () => {
  it('goes on its day of a timeline, whose slots become activities as the editor saves them', () => {
    const itinerary = withBookingActivity(
      {
        timeline: [
          { day: 'Day 1', date: '2027-03-10', morning: 'Arrive', evening: 'Dinner in SoHo' },
          { day: 'Day 2', date: '2027-03-11', afternoon: 'MoMA' },
        ],
        transportation: ['Subway'],
      } as TravelItinerary,
      trip,
      flight,
    );
    expect(itinerary).toEqual({
      days: [
        {
          day: 'Day 1',
          date: '2027-03-10',
          activities: [
            { time: '09:00', activity: 'Arrive' },
            { time: '11:40', activity: flight.activity, location: 'London Heathrow', sourceEmailId: 7 },
            { time: '19:00', activity: 'Dinner in SoHo' },
          ],
        },
        { day: 'Day 2', date: '2027-03-11', activities: [{ time: '14:00', activity: 'MoMA' }] },
      ],
      transportation: ['Subway'],
    });
  });

  it('makes the days of an empty itinerary, and a day for a date that has none', () => {
    const empty = withBookingActivity(null, trip, { ...flight, date: '2027-03-11', time: null, location: null });
    expect(empty.days?.map((day) => [day.day, day.date, day.activities.length])).toEqual([
      ['Day 1', '2027-03-10', 0],
      ['Day 2', '2027-03-11', 1],
      ['Day 3', '2027-03-12', 0],
    ]);
    expect(empty.days?.[1].activities[0]).toEqual({ time: '', activity: flight.activity, sourceEmailId: 7 });
    const days: TravelItinerary = { days: [{ day: 'Day 3', date: '2027-03-12', activities: [] }] };
    expect(withBookingActivity(days, trip, flight).days?.map((day) => day.date)).toEqual(['2027-03-10', '2027-03-12']);
  });

  it('adds its cost to the category of that name, the total the sum', () => {
    const expenses = travelExpensesSchema.parse({
      categories: { transportation: [{ description: 'Taxi', amount: 40, date: '2027-03-10' }] },
    });
    expect(withBookingExpense(expenses, flight)).toEqual({
      total: 1290,
      categories: {
        transportation: [
          { description: 'Taxi', amount: 40, date: '2027-03-10' },
          { description: 'Flight BA117', amount: 1250, date: '2027-03-10', sourceEmailId: 7 },
        ],
      },
    });
    expect(withBookingExpense(expenses, { ...flight, expense: null })).toBe(expenses);
  });
});
