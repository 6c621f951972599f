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

  it('writes no filler for an interest it does not know: it plans the balanced mix and the known interests', () => {
    const unknownOnly = offlineItinerary(
      buildTrip({ startDate: '2027-06-01', endDate: '2027-06-04', interests: ['Birdsong recording'] }),
    ).timeline!;
    const text = unknownOnly.map(slots).join('\n');
    expect(text).not.toMatch(/Birdsong|time for|connected with|own pace/i);
    expect(unknownOnly.slice(1, -1).map((day) => day.title)).toEqual(['History and heritage', 'Food and markets']);
    const mixed = offlineItinerary(
      buildTrip({ startDate: '2027-06-01', endDate: '2027-06-04', interests: ['Birdsong recording', 'wine'] }),
    ).timeline!;
    expect(mixed[1].title).toBe('Wine and tasting');
  });

  it('plans concrete ideas for anime and sushi, with the destination in them', () => {
    const text = offlineItinerary(
      buildTrip({
        destination: 'Tokyo, Japan',
        startDate: '2027-04-02',
        endDate: '2027-04-07',
        interests: ['anime', 'sushi'],
      }),
    )
      .timeline!.map(slots)
      .join('\n');
    expect(text).toContain('Browse the anime, manga and game shops of a pop-culture district in Tokyo');
    expect(text).toContain('Learn to make sushi at a cooking class');
    expect(text).toContain('Have sushi for lunch at a sushi counter where the locals queue');
    expect(text).not.toMatch(/time for|connected with/i);
  });

  it('fits the season: no marked-trail hikes or sunsets in Reykjavik in December, the aurora instead', () => {
    const reykjavik = offlineItinerary(
      buildTrip({
        destination: 'Reykjavik, Iceland',
        startDate: '2026-12-10',
        endDate: '2026-12-15',
        interests: ['northern lights', 'hiking'],
      }),
    )
      .timeline!.map(slots)
      .join('\n');
    expect(reykjavik).not.toMatch(/marked trail|scenic trail|picnic|sunset|swim/i);
    expect(reykjavik).toMatch(/northern lights tour that drives away from the lights of Reykjavik/);
    expect(reykjavik).toMatch(/winter walk with crampons or snowshoes/);
    // The same interests in July: trails, and no aurora (the nights are light).
    const july = offlineItinerary(
      buildTrip({
        destination: 'Reykjavik, Iceland',
        startDate: '2027-07-10',
        endDate: '2027-07-15',
        interests: ['northern lights', 'hiking'],
      }),
    )
      .timeline!.map(slots)
      .join('\n');
    expect(july).toMatch(/marked trail/);
    expect(july).not.toMatch(/aurora|northern lights|crampons/i);
  });

  it('swims only where and when it is warm: Sydney in December, not Cape Town in July', () => {
    const beach = (destination: string, startDate: string, endDate: string) =>
      offlineItinerary(buildTrip({ destination, startDate, endDate, interests: ['beach'] }))
        .timeline!.map(slots)
        .join('\n');
    expect(beach('Sydney, Australia', '2026-12-27', '2027-01-01')).toMatch(/swim|beach before the midday sun/);
    expect(beach('Cape Town, South Africa', '2027-07-10', '2027-07-15')).not.toMatch(/swim|snorkelling|picnic/);
  });

  it('repeats no line within a trip while other ideas are left', () => {
    const timeline = offlineItinerary(
      buildTrip({ startDate: '2027-06-01', endDate: '2027-06-10', interests: ['food', 'hiking'] }),
    ).timeline!;
    const lines = timeline.flatMap((day) => [day.morning, day.afternoon, day.evening]);
    expect(new Set(lines).size).toBe(lines.length);
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

  it("replaces a model's filler lines with the offline plan's, and keeps its concrete ones", () => {
    const fitted = fitItinerary(
      {
        timeline: trip.dates.map((date, index) => ({
          day: `Day ${index + 1}`,
          date,
          title: index === 1 ? 'Time for anime' : 'A day in Lisbon',
          morning: 'Take the tram up to the castle',
          afternoon: 'Explore at your own pace',
          evening: 'More time for sushi',
        })),
      },
      trip,
    );
    const offline = offlineItinerary(trip).timeline!;
    expect(fitted.timeline![1]).toMatchObject({
      title: offline[1].title,
      morning: 'Take the tram up to the castle',
      afternoon: offline[1].afternoon,
      evening: offline[1].evening,
    });
  });

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
