import { TRAVEL_MESSAGES } from '@aide/contracts';
import { anItinerary as itinerary, aPlan, places, someRecommendations } from '../../test/factories';
import {
  checklistView,
  dateRange,
  editorDays,
  expensesView,
  itineraryPayload,
  itineraryView,
  overviewIsEmpty,
  overviewView,
  travelStats,
} from './travelView';

describe('itineraryView: the shapes, in order', () => {
  const timeline = [
    {
      day: 'Day 1',
      date: '2026-05-01',
      title: 'Arrival',
      morning: 'Land',
      afternoon: '  ',
      evening: 'Dinner by the river',
    },
  ];
  const days = [
    {
      day: 'Day 1',
      activities: [
        { time: '10:00', activity: 'Museum', location: 'Old town' },
        { time: '', activity: 'Wander', location: undefined },
      ],
    },
  ];
  const byDay = { 'Day 1': 'Arrive and settle in', 'Day 2': { morning: 'Hike', evening: 'Tapas' } };

  it('prefers the timeline, keeping only the slots with text', () => {
    const view = itineraryView(aPlan({ itinerary: itinerary({ timeline, days, byDay }) }));
    expect(view.kind).toBe('timeline');
    if (view.kind !== 'timeline') return;
    expect(view.days).toEqual([
      {
        key: '0',
        day: 'Day 1',
        date: '2026-05-01',
        title: 'Arrival',
        slots: [
          { label: 'Morning', text: 'Land' },
          { label: 'Evening', text: 'Dinner by the river' },
        ],
      },
    ]);
  });

  it("shows the days list next, a blank time as 'All day', the location when there is one", () => {
    const view = itineraryView(aPlan({ itinerary: itinerary({ days, byDay }) }));
    expect(view.kind).toBe('days');
    if (view.kind !== 'days') return;
    expect(view.days[0].activities).toEqual([
      { time: '10:00', activity: 'Museum', location: 'Old town' },
      { time: 'All day', activity: 'Wander', location: null },
    ]);
  });

  it('shows the keyed map of days next: text, or morning/afternoon/evening', () => {
    const view = itineraryView(aPlan({ itinerary: itinerary({ byDay, transportation: ['Metro pass'] }) }));
    expect(view).toEqual({
      kind: 'byDay',
      days: [
        { key: 'Day 1', day: 'Day 1', text: 'Arrive and settle in', slots: [] },
        {
          key: 'Day 2',
          day: 'Day 2',
          text: null,
          slots: [
            { label: 'Morning', text: 'Hike' },
            { label: 'Evening', text: 'Tapas' },
          ],
        },
      ],
      transportation: ['Metro pass'],
    });
  });

  it('empty shapes do not count: an empty timeline and days fall through to the map', () => {
    expect(itineraryView(aPlan({ itinerary: itinerary({ timeline: [], days: [], byDay }) })).kind).toBe('byDay');
  });

  it("falls back to the recommendations timeline: its first 7 days, titled '7-Day Detailed Itinerary'", () => {
    const timelineDays = Array.from({ length: 9 }, (_, i) => ({
      day: `Day ${i + 1}`,
      title: `Title ${i + 1}`,
      description: undefined,
      activities: ['See', ' '],
    }));
    const view = itineraryView(
      aPlan({
        itinerary: itinerary({ transportation: ['Tram'] }),
        recommendations: someRecommendations({ timeline: timelineDays }),
      }),
    );
    expect(view.kind).toBe('recommendations');
    if (view.kind !== 'recommendations') return;
    expect(view.title).toBe(TRAVEL_MESSAGES.timelineTitle);
    expect(view.title).toBe('7-Day Detailed Itinerary');
    expect(view.days).toHaveLength(7);
    expect(view.days[6]).toEqual({ day: 'Day 7', title: 'Title 7', description: null, activities: ['See'] });
    expect(view.transportation).toEqual(['Tram']);
  });

  it('falls back to the lists, each capped: activities 12, attractions 12, accommodations 8, restaurants 10, transportation 6', () => {
    const recommendations = someRecommendations({
      activities: places(15, 'Activity'),
      attractions: places(20, 'Attraction'),
      accommodations: places(10, 'Hotel', (i) => ({ area: `Area ${i}`, priceRange: '$$' })),
      restaurants: places(14, 'Restaurant', (i) => ({ cuisine: `Cuisine ${i}`, priceRange: '$' })),
    });
    const transportation = Array.from({ length: 9 }, (_, i) => `Option ${i + 1}`);
    const view = itineraryView(aPlan({ itinerary: itinerary({ transportation }), recommendations }));
    expect(view.kind).toBe('lists');
    if (view.kind !== 'lists') return;
    expect(view.lists.activities).toHaveLength(12);
    expect(view.lists.attractions).toHaveLength(12);
    expect(view.lists.attractions[11].name).toBe('Attraction 12');
    expect(view.lists.accommodations).toHaveLength(8);
    expect(view.lists.accommodations[7]).toEqual({ name: 'Hotel 8', area: 'Area 8', priceRange: '$$' });
    expect(view.lists.restaurants).toHaveLength(10);
    expect(view.lists.restaurants[0]).toEqual({ name: 'Restaurant 1', cuisine: 'Cuisine 1', priceRange: '$' });
    expect(view.lists.transportation).toEqual(transportation.slice(0, 6));
  });

  it('shows only transportation when that is all there is', () => {
    const view = itineraryView(
      aPlan({ itinerary: itinerary({ transportation: ['Bike'] }), recommendations: someRecommendations() }),
    );
    expect(view).toEqual({
      kind: 'lists',
      lists: { activities: [], attractions: [], accommodations: [], restaurants: [], transportation: ['Bike'] },
    });
  });

  it("answers the empty state 'No detailed itinerary available yet' when nothing is there", () => {
    expect(itineraryView(aPlan())).toEqual({ kind: 'empty', message: 'No detailed itinerary available yet' });
    expect(
      itineraryView(
        aPlan({
          itinerary: itinerary({ timeline: [], transportation: ['  '] }),
          recommendations: someRecommendations(),
        }),
      ).kind,
    ).toBe('empty');
  });
});

describe('overviewView', () => {
  it('caps attractions 8, accommodations 6, local tips 5, culture 4, safety 4', () => {
    const tips = (n: number) => Array.from({ length: n }, (_, i) => `Tip ${i + 1}`);
    const view = overviewView(
      aPlan({
        recommendations: someRecommendations({
          attractions: places(12),
          accommodations: places(9, 'Hotel', () => ({ area: 'Centre', priceRange: '$$$' })),
          localTips: tips(8),
          culture: tips(6),
          safety: tips(7),
        }),
      }),
    );
    expect(view.attractions).toHaveLength(8);
    expect(view.accommodations).toHaveLength(6);
    expect(view.accommodations[0]).toEqual({ name: 'Hotel 1', area: 'Centre', priceRange: '$$$' });
    expect(view.localTips).toEqual(tips(5));
    expect(view.culture).toHaveLength(4);
    expect(view.safety).toHaveLength(4);
  });

  it('reads weather as text, or as climate, season and packing tips', () => {
    expect(
      overviewView(aPlan({ recommendations: someRecommendations({ weather: 'Mild and sunny' }) })).weather,
    ).toEqual({ climate: 'Mild and sunny', season: null, packing: [] });
    expect(
      overviewView(
        aPlan({
          recommendations: someRecommendations({
            weather: { climate: 'Mediterranean', season: 'Spring', seasonalPacking: ['Light jacket', ' '] },
          }),
        }),
      ).weather,
    ).toEqual({ climate: 'Mediterranean', season: 'Spring', packing: ['Light jacket'] });
  });

  it('leaves out what has nothing to show: no weather, empty lists, blank tips', () => {
    const view = overviewView(
      aPlan({
        recommendations: someRecommendations({
          weather: { climate: undefined, season: undefined, seasonalPacking: [] },
          localTips: ['  '],
        }),
      }),
    );
    expect(view.weather).toBeNull();
    expect(view.localTips).toEqual([]);
    expect(overviewIsEmpty(view)).toBe(true);
    expect(overviewIsEmpty(overviewView(aPlan()))).toBe(true);
  });
});

describe('travelStats: the tiles', () => {
  const today = '2026-05-10';
  it('counts every trip, those not yet started as upcoming, and sums what was spent', () => {
    const plans = [
      aPlan({ startDate: '2026-05-11', endDate: '2026-05-12', expenses: { total: 120.5, categories: {} } }),
      aPlan({
        startDate: '2026-05-10',
        endDate: '2026-05-15',
        status: 'ongoing',
        expenses: { total: 79.5, categories: {} },
      }),
      aPlan({
        startDate: '2026-04-01',
        endDate: '2026-04-05',
        status: 'completed',
        expenses: { total: 1000, categories: {} },
      }),
    ];
    expect(travelStats(plans, today)).toEqual({ total: 3, upcoming: 1, spent: 1200 });
    expect(travelStats([], today)).toEqual({ total: 0, upcoming: 0, spent: 0 });
  });
});

describe('expensesView', () => {
  const base = { startDate: '2026-05-01', endDate: '2026-05-05' };

  it('takes the daily budget from the recommendations, else the budget over the trip days, else none', () => {
    expect(
      expensesView(
        aPlan({ ...base, budget: 1000, recommendations: someRecommendations({ budget: { dailyBudget: 150 } }) }),
      ).dailyBudget,
    ).toBe(150);
    expect(expensesView(aPlan({ ...base, budget: 1000 })).dailyBudget).toBe(200);
    expect(
      expensesView(
        aPlan({ ...base, budget: 1000, recommendations: someRecommendations({ budget: { dailyBudget: 0 } }) }),
      ).dailyBudget,
    ).toBe(200);
    expect(expensesView(aPlan({ ...base, budget: null })).dailyBudget).toBeNull();
  });

  it("follows the planner's estimate when the user set no budget, and says it is one", () => {
    const estimate = expensesView(
      aPlan({ ...base, budget: null, estimatedBudget: 800, expenses: { total: 200, categories: {} } }),
    );
    expect(estimate).toMatchObject({ totalBudget: 800, estimated: true, percent: 25, remaining: 600 });
    expect(expensesView(aPlan({ ...base, budget: 1000, estimatedBudget: null }))).toMatchObject({
      totalBudget: 1000,
      estimated: false,
    });
  });

  it('shows tracked expenses as a percent of the budget, capped at 100, and says when it is over', () => {
    const under = expensesView(aPlan({ ...base, budget: 1000, expenses: { total: 250, categories: {} } }));
    expect(under).toMatchObject({ tracked: 250, percent: 25, overBudget: false, remaining: 750 });
    const over = expensesView(aPlan({ ...base, budget: 1000, expenses: { total: 1500, categories: {} } }));
    expect(over).toMatchObject({ percent: 100, overBudget: true, remaining: -500 });
    expect(expensesView(aPlan({ ...base, budget: null, expenses: { total: 50, categories: {} } }))).toMatchObject({
      percent: 0,
      overBudget: false,
      remaining: null,
    });
  });

  it('lists the breakdown spaced out without the total keys, and sums it', () => {
    const view = expensesView(
      aPlan({
        ...base,
        budgetBreakdown: { accommodation: 900, localTransport: 100.25, total: 1000, totalBudget: 1000 },
      }),
    );
    expect(view.breakdown).toEqual([
      { key: 'accommodation', label: 'Accommodation', amount: 900 },
      { key: 'localTransport', label: 'Local Transport', amount: 100.25 },
    ]);
    expect(view.breakdownTotal).toBe(1000.25);
  });

  it('charts each category once: budgeted against spent, including categories only in the budget or only in the expenses', () => {
    const view = expensesView(
      aPlan({
        ...base,
        budgetBreakdown: { accommodation: 900, localTransport: 100 },
        expenses: {
          total: 185,
          categories: {
            Accommodation: [{ description: 'Deposit', amount: 150, date: '2026-04-01' }],
            souvenirs: [
              { description: 'Magnet', amount: 5, date: '2026-05-02' },
              { description: 'Scarf', amount: 30, date: '2026-05-03' },
            ],
          },
        },
      }),
    );
    expect(view.chart).toEqual([
      { category: 'Accommodation', budgeted: 900, spent: 150 },
      { category: 'Local Transport', budgeted: 100, spent: 0 },
      { category: 'Souvenirs', budgeted: 0, spent: 35 },
    ]);
    expect(view.actual.map(({ name, total }) => ({ name, total }))).toEqual([
      { name: 'Accommodation', total: 150 },
      { name: 'souvenirs', total: 35 },
    ]);
  });
});

describe('checklistView', () => {
  it('gives each category its percent done, and the whole list its count', () => {
    const view = checklistView(
      aPlan({
        checklist: {
          Documents: [
            { item: 'Passport', completed: true, required: true },
            { item: 'Visa', completed: false, required: true },
            { item: 'Insurance', completed: false, required: false },
          ],
          Empty: [],
        },
      }),
    );
    expect(view.categories.map(({ name, done, percent }) => ({ name, done, percent }))).toEqual([
      { name: 'Documents', done: 1, percent: 33 },
      { name: 'Empty', done: 0, percent: 0 },
    ]);
    expect(view).toMatchObject({ total: 3, done: 1, percent: 33 });
  });
});

describe('the itinerary editor: days in, payload out', () => {
  const trip = { dates: ['2026-05-01', '2026-05-02'] };

  it('turns timeline slots into activities at 09:00, 14:00 and 19:00', () => {
    const days = editorDays(
      itinerary({
        timeline: [{ day: 'Day 1', date: '2026-05-01', morning: 'Market', afternoon: 'Beach', evening: 'Dinner' }],
      }),
      trip,
    );
    expect(days).toEqual([
      {
        day: 'Day 1',
        date: '2026-05-01',
        activities: [
          { time: '09:00', activity: 'Market', location: '' },
          { time: '14:00', activity: 'Beach', location: '' },
          { time: '19:00', activity: 'Dinner', location: '' },
        ],
      },
    ]);
  });

  it('turns the keyed map into days: slots as timed activities, plain text as one untimed activity', () => {
    expect(
      editorDays(itinerary({ byDay: { Monday: 'Old town walk', Tuesday: { afternoon: 'Museum' } } }), trip),
    ).toEqual([
      { day: 'Monday', activities: [{ time: '', activity: 'Old town walk', location: '' }] },
      { day: 'Tuesday', activities: [{ time: '14:00', activity: 'Museum', location: '' }] },
    ]);
  });

  it('keeps a days list as it is, and starts from one empty day per trip date without one', () => {
    expect(
      editorDays(
        itinerary({ days: [{ day: 'Day 1', activities: [{ time: '08:00', activity: 'Run', location: 'Park' }] }] }),
        trip,
      ),
    ).toEqual([{ day: 'Day 1', activities: [{ time: '08:00', activity: 'Run', location: 'Park' }] }]);
    expect(editorDays(null, trip)).toEqual([
      { day: 'Day 1', date: '2026-05-01', activities: [] },
      { day: 'Day 2', date: '2026-05-02', activities: [] },
    ]);
  });

  it('drops blank activities on save, trims, and keeps the transportation', () => {
    const payload = itineraryPayload(
      [
        {
          day: 'Day 1',
          date: '2026-05-01',
          activities: [
            { time: '09:00', activity: '  ', location: 'Nowhere' },
            { time: ' 10:00 ', activity: ' Museum ', location: '  ' },
          ],
        },
      ],
      ['Metro'],
    );
    expect(payload).toEqual({
      itinerary: {
        days: [{ day: 'Day 1', date: '2026-05-01', activities: [{ time: '10:00', activity: 'Museum' }] }],
        transportation: ['Metro'],
      },
    });
  });
});

describe('dateRange', () => {
  it('writes the year once when both dates share it', () => {
    expect(dateRange('2026-05-01', '2026-05-07')).toBe('May 1 – May 7, 2026');
    expect(dateRange('2026-12-30', '2027-01-02')).toBe('Dec 30, 2026 – Jan 2, 2027');
    expect(dateRange('2026-05-01', '2026-05-01')).toBe('May 1, 2026');
  });
});

describe('a booking from a confirmation email', () => {
  it('keeps its email through the view and an edit of the itinerary', () => {
    const booked = { time: '11:40', activity: 'Flight BA117', location: 'London Heathrow', sourceEmailId: 7 };
    const itinerary = { days: [{ day: 'Day 1', date: '2027-03-10', activities: [booked] }] };
    const view = itineraryView({ itinerary, recommendations: null });
    expect(view.kind === 'days' && view.days[0].activities[0].sourceEmailId).toBe(7);
    const days = editorDays(itinerary, { dates: ['2027-03-10'] });
    expect(itineraryPayload(days, undefined).itinerary.days?.[0].activities[0]).toEqual(booked);
  });
});
