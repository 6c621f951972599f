import { TRAVEL_LIMITS, travelItinerarySchema, tripDates } from '@aide/contracts';
import { fitItinerary, offlineItinerary } from './itinerary';
import { buildTrip } from '../../../test/travel-trips';

const slots = (day: { morning?: string; afternoon?: string; evening?: string }) =>
  [day.morning, day.afternoon, day.evening].join(' | ');

describe('offlineItinerary', () => {
  it.each([
    ['a day trip', '2027-06-10', '2027-06-10'],
    ['3 days', '2027-06-10', '2027-06-12'],
    ['10 days across a month end', '2027-06-25', '2027-07-04'],
  ])('has exactly one day per date for %s, labelled Day N, valid against the contract', (_name, startDate, endDate) => {
    const trip = buildTrip({ startDate, endDate, interests: ['food'] });
    const itinerary = offlineItinerary(trip);
    expect(travelItinerarySchema.safeParse(itinerary).success).toBe(true);
    expect(itinerary.timeline!.map((day) => day.date)).toEqual(tripDates(startDate, endDate));
    expect(itinerary.timeline!.map((day) => day.day)).toEqual(
      tripDates(startDate, endDate).map((_, index) => `Day ${index + 1}`),
    );
    for (const day of itinerary.timeline!) expect([day.morning, day.afternoon, day.evening].every(Boolean)).toBe(true);
  });

  it('makes the first day an arrival and the last a departure', () => {
    const timeline = offlineItinerary(
      buildTrip({ destination: 'Kyoto', startDate: '2027-04-01', endDate: '2027-04-04' }),
    ).timeline!;
    expect(timeline[0]).toMatchObject({
      title: 'Arrival',
      morning: 'Arrive in Kyoto and check in to your accommodation',
    });
    expect(timeline[3]).toMatchObject({ title: 'Departure', evening: 'Travel home from Kyoto' });
    const dayTrip = offlineItinerary(
      buildTrip({ destination: 'Bruges', startDate: '2027-04-01', endDate: '2027-04-01' }),
    ).timeline!;
    expect(dayTrip).toEqual([
      expect.objectContaining({ title: 'Day trip', morning: 'Arrive in Bruges', evening: 'Travel home from Bruges' }),
    ]);
  });

  it('shapes the days by the interests and varies them', () => {
    const timeline = offlineItinerary(
      buildTrip({ startDate: '2027-06-01', endDate: '2027-06-07', interests: ['Street food', 'hiking'] }),
    ).timeline!;
    const text = timeline.map(slots).join('\n');
    expect(text).toMatch(/food market|food tasting|cooking class/i);
    expect(text).toMatch(/hike|trail/i);
    expect(timeline.slice(1, -1).map((day) => day.title)).toEqual(
      expect.arrayContaining(['Food and markets', 'Hiking']),
    );
    // The middle days are not all the same.
    expect(new Set(timeline.slice(1, -1).map(slots)).size).toBe(5);
  });

  it('still plans an interest it does not know, named as the user wrote it', () => {
    const timeline = offlineItinerary(
      buildTrip({ startDate: '2027-06-01', endDate: '2027-06-04', interests: ['Birdsong recording'] }),
    ).timeline!;
    expect(timeline.map(slots).join('\n')).toContain('Time for Birdsong recording');
    expect(timeline.map((day) => day.title)).toContain('Time for Birdsong recording');
  });

  it('plans a balanced mix when there are no interests', () => {
    const timeline = offlineItinerary(buildTrip({ startDate: '2027-06-01', endDate: '2027-06-07' })).timeline!;
    expect(timeline.slice(1, -1).map((day) => day.title)).toEqual([
      'History and heritage',
      'Food and markets',
      'Nature and outdoors',
      'Local culture',
      'Relaxation',
    ]);
  });

  it('names no places: only generic ideas and the destination as typed', () => {
    const text = offlineItinerary(
      buildTrip({ destination: 'Rome', startDate: '2027-06-01', endDate: '2027-06-05', interests: ['art', 'history'] }),
    )
      .timeline!.map(slots)
      .join(' | ');
    // Capitalised words other than sentence starts and the destination would be names.
    const names = text.match(/(?<![.!?:|] |^)\b[A-Z][a-z]+/g)?.filter((word) => word !== 'Rome') ?? [];
    expect(names).toEqual([]);
  });

  it('stays within the text caps for a destination at its maximum length', () => {
    const trip = buildTrip({
      destination: 'Somewhere '.repeat(20).trim(),
      startDate: '2027-06-01',
      endDate: '2027-06-03',
      interests: ['x'.repeat(TRAVEL_LIMITS.interestMax)],
    });
    expect(travelItinerarySchema.safeParse(offlineItinerary(trip)).success).toBe(true);
  });
});

describe('fitItinerary', () => {
  const trip = buildTrip({ startDate: '2027-06-10', endDate: '2027-06-12' });

  it('keeps one day per date whatever a model returned: extra days dropped, missing and empty ones filled, labels fixed', () => {
    const answer = travelItinerarySchema.parse({
      timeline: [
        { day: 'First', date: '2027-06-10', morning: 'Model morning' },
        { day: 'Second', afternoon: '' },
        { day: 'Extra 1', date: '2027-07-01', morning: 'Too late' },
        { day: 'Extra 2', morning: 'Beyond the trip' },
      ],
      days: [{ day: 'Day 1', activities: [{ activity: 'Another shape' }] }],
      transportation: Array.from({ length: 9 }, (_, index) => `Option ${index}`),
    });
    const fitted = fitItinerary(answer, trip);
    expect(fitted.timeline!.map((day) => [day.day, day.date])).toEqual([
      ['Day 1', '2027-06-10'],
      ['Day 2', '2027-06-11'],
      ['Day 3', '2027-06-12'],
    ]);
    expect(fitted.timeline![0].morning).toBe('Model morning');
    expect(fitted.timeline![1]).toEqual(offlineItinerary(trip).timeline![1]);
    expect(fitted.timeline![2].morning).toBe('Too late'); // by position, re-dated
    expect(fitted.days).toBeUndefined();
    expect(fitted.transportation).toHaveLength(6);
  });

  it('fills every day from the offline plan when a model returned no timeline', () => {
    expect(fitItinerary({}, trip)).toEqual(offlineItinerary(trip));
  });
});
