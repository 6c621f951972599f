import {
  addInterest,
  breakdownCategories,
  breakdownDiffersMessage,
  breakdownSum,
  budgetBreakdownSchema,
  budgetFromText,
  checkCategoryName,
  createTravelPlanSchema,
  formatUsd,
  parseAmount,
  parseGroupSize,
  seasonAt,
  spaceCamelCase,
  toggleChecklistItemSchema,
  TRAVEL_LIMITS,
  TRAVEL_MESSAGES,
  travelChecklistSchema,
  travelExpensesSchema,
  travelItinerarySchema,
  travelPlanActive,
  travelPlanEditable,
  travelPlanFormSchema,
  travelPlanPayload,
  travelStatus,
  travelStatusSchema,
  tripDates,
  tripLength,
  updateTravelPlanSchema,
} from './travel';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const trip = { destination: 'Lisbon', startDate: '2030-05-01', endDate: '2030-05-03' };

describe('parsing what the editors type (spec §5)', () => {
  it('parses amounts as decimals, falling back to 0', () => {
    expect(parseAmount('$1,250.50')).toBe(1250.5);
    expect(parseAmount(' 12 ')).toBe(12);
    expect(parseAmount(7.25)).toBe(7.25);
    for (const bad of ['', 'abc', '-5', null, undefined, Number.NaN, -1, Infinity]) expect(parseAmount(bad)).toBe(0);
    expect(parseAmount('999999999999')).toBe(TRAVEL_LIMITS.amountMax);
  });

  it('parses the group size as an integer, falling back to 1', () => {
    expect(parseGroupSize('4')).toBe(4);
    expect(parseGroupSize('3.7')).toBe(3);
    expect(parseGroupSize(2.9)).toBe(2);
    for (const bad of ['', 'two', '0', '-3', 0, null, undefined]) expect(parseGroupSize(bad)).toBe(1);
    expect(parseGroupSize('1000')).toBe(TRAVEL_LIMITS.groupSizeMax);
  });

  it("reads the budget preference's first number as USD", () => {
    expect(budgetFromText('$3,000 total')).toBe(3000);
    expect(budgetFromText('around 1500.75 dollars')).toBe(1500.75);
    expect(budgetFromText('between 2000 and 3000')).toBe(2000);
    for (const none of ['flexible', '', null, undefined, '$0']) expect(budgetFromText(none)).toBeNull();
  });

  it('adds an interest trimmed, non-empty and unique', () => {
    expect(addInterest(['food'], '  art ')).toEqual(['food', 'art']);
    expect(addInterest(['food'], 'Food')).toEqual(['food']);
    expect(addInterest(['food'], '   ')).toEqual(['food']);
  });

  it('spaces camel-case budget keys for the screen', () => {
    expect(spaceCamelCase('localTransport')).toBe('Local Transport');
    expect(spaceCamelCase('food')).toBe('Food');
    expect(spaceCamelCase('travel_insurance')).toBe('Travel insurance');
  });

  it('lists breakdown categories without the total keys, in their stored order, and sums them', () => {
    const breakdown = { total: 900, accommodation: 500, totalBudget: 900, localTransport: 100.1, food: 299.9 };
    expect(breakdownCategories(breakdown)).toEqual([
      { key: 'accommodation', label: 'Accommodation', amount: 500 },
      { key: 'localTransport', label: 'Local Transport', amount: 100.1 },
      { key: 'food', label: 'Food', amount: 299.9 },
    ]);
    expect(breakdownSum(breakdown)).toBe(900);
    expect(breakdownCategories(null)).toEqual([]);
  });

  it("formats USD en-US and words the budget editor's warning", () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(breakdownDiffersMessage(900, 1000)).toBe(
      'Note: Breakdown total ($900.00) differs from total budget ($1,000.00)',
    );
  });
});

describe('dates, status and the edit check', () => {
  it('counts both ends of the trip and lists every date across a month end', () => {
    expect(tripLength('2030-05-01', '2030-05-01')).toBe(1);
    expect(tripDates('2030-01-30', '2030-02-02')).toEqual(['2030-01-30', '2030-01-31', '2030-02-01', '2030-02-02']);
  });

  it('is planning or booked before the start, ongoing from it, completed after the end', () => {
    const plan = { booked: false, startDate: '2030-05-10', endDate: '2030-05-12' };
    expect(travelStatus(plan, '2030-05-09')).toBe('planning');
    expect(travelStatus({ ...plan, booked: true }, '2030-05-09')).toBe('booked');
    expect(travelStatus({ ...plan, booked: true }, '2030-05-10')).toBe('ongoing');
    expect(travelStatus(plan, '2030-05-12')).toBe('ongoing');
    expect(travelStatus({ ...plan, booked: true }, '2030-05-13')).toBe('completed');
  });

  it('lets planning trips, and trips under way until their end date, be edited', () => {
    expect(travelPlanEditable({ status: 'planning', endDate: '2030-05-12' }, '2030-05-01')).toBe(true);
    expect(travelPlanEditable({ status: 'booked', endDate: '2030-05-12' }, '2030-05-01')).toBe(false);
    expect(travelPlanEditable({ status: 'completed', endDate: '2030-05-12' }, '2030-05-13')).toBe(false);
    // Ongoing: editable on its end date, not after it.
    expect(travelPlanEditable({ status: 'ongoing', endDate: '2030-05-12' }, '2030-05-12')).toBe(true);
    expect(travelPlanEditable({ status: 'ongoing', endDate: '2030-05-11' }, '2030-05-12')).toBe(false);
  });

  it('counts planning and ongoing trips that have not ended as active', () => {
    expect(travelPlanActive({ status: 'ongoing', endDate: '2030-05-12' }, '2030-05-12')).toBe(true);
    expect(travelPlanActive({ status: 'planning', endDate: '2030-05-11' }, '2030-05-12')).toBe(false);
    expect(travelPlanActive({ status: 'booked', endDate: '2030-05-20' }, '2030-05-12')).toBe(false);
  });

  it('reverses the seasons in the southern hemisphere', () => {
    expect(seasonAt('2030-12-20', 'northern')).toBe('winter');
    expect(seasonAt('2030-12-20', 'southern')).toBe('summer');
    expect(seasonAt('2030-04-01', 'northern')).toBe('spring');
    expect(seasonAt('2030-04-01', 'southern')).toBe('autumn');
    expect(seasonAt('2030-07-15', 'southern')).toBe('winter');
    expect(seasonAt('2030-10-15', 'northern')).toBe('autumn');
  });
});

describe('the plan schemas', () => {
  it("answers the spec's messages for a missing destination and dates", () => {
    expect(messages(createTravelPlanSchema.safeParse({}))).toEqual([
      TRAVEL_MESSAGES.destinationRequired,
      TRAVEL_MESSAGES.startDateRequired,
      TRAVEL_MESSAGES.endDateRequired,
    ]);
    expect(messages(createTravelPlanSchema.safeParse({ destination: '  ', startDate: '', endDate: '' }))).toEqual([
      'Destination is required',
      'Start date is required',
      'End date is required',
    ]);
  });

  it('refuses an end before the start, and a trip over the cap', () => {
    expect(messages(createTravelPlanSchema.safeParse({ ...trip, endDate: '2030-04-30' }))).toEqual([
      TRAVEL_MESSAGES.endBeforeStart,
    ]);
    expect(messages(createTravelPlanSchema.safeParse({ ...trip, endDate: '2030-07-30' }))).toEqual([
      TRAVEL_MESSAGES.tripTooLong,
    ]);
    expect(createTravelPlanSchema.safeParse({ ...trip, endDate: trip.startDate }).success).toBe(true);
  });

  it('refuses dates that do not exist', () => {
    expect(messages(createTravelPlanSchema.safeParse({ ...trip, startDate: '2030-02-30' }))).toEqual([
      'Start date must be a date (YYYY-MM-DD)',
    ]);
  });

  it('defaults the preferences and cleans the interests', () => {
    expect(createTravelPlanSchema.parse(trip).preferences).toEqual({
      budget: null,
      interests: [],
      travelStyle: 'moderate',
      groupSize: 1,
    });
    expect(
      createTravelPlanSchema.parse({ ...trip, preferences: { budget: '  ', interests: [' Food ', 'food', 'art'] } })
        .preferences,
    ).toEqual({
      budget: null,
      interests: ['Food', 'art'],
      travelStyle: 'moderate',
      groupSize: 1,
    });
  });

  it('names the styles and the group size rule', () => {
    expect(messages(createTravelPlanSchema.safeParse({ ...trip, preferences: { travelStyle: 'party' } }))).toEqual([
      TRAVEL_MESSAGES.styleInvalid,
    ]);
    expect(messages(createTravelPlanSchema.safeParse({ ...trip, preferences: { groupSize: 1.5 } }))).toEqual([
      TRAVEL_MESSAGES.groupSizeInvalid,
    ]);
  });

  it('takes any of the fields on update, but at least one', () => {
    expect(updateTravelPlanSchema.safeParse({ destination: 'Porto' }).success).toBe(true);
    expect(messages(updateTravelPlanSchema.safeParse({}))).toEqual(['Send a field to change']);
    expect(messages(updateTravelPlanSchema.safeParse({ startDate: '2030-05-03', endDate: '2030-05-01' }))).toEqual([
      TRAVEL_MESSAGES.endBeforeStart,
    ]);
  });

  it('lets the user set planning or booked only', () => {
    expect(travelStatusSchema.safeParse({ status: 'booked' }).success).toBe(true);
    expect(messages(travelStatusSchema.safeParse({ status: 'completed' }))).toEqual([
      "Status must be 'planning' or 'booked'; ongoing and completed follow the dates",
    ]);
  });
});

describe('the part schemas', () => {
  it('recomputes the expense total from the items, ignoring a total sent', () => {
    const parsed = travelExpensesSchema.parse({
      total: 5,
      categories: {
        Food: [
          { description: 'Lunch', amount: 10.1, date: '2030-05-01' },
          { amount: 0.2, date: '2030-05-01' },
        ],
        Transport: [],
      },
    });
    expect(parsed).toEqual({
      total: 10.3,
      categories: {
        Food: [
          { description: 'Lunch', amount: 10.1, date: '2030-05-01' },
          { description: '', amount: 0.2, date: '2030-05-01' },
        ],
        Transport: [],
      },
    });
  });

  it("answers a blank category name's own message, not the record's", () => {
    expect(messages(travelExpensesSchema.safeParse({ categories: { ' ': [] } }))).toEqual([
      TRAVEL_MESSAGES.categoryRequired,
    ]);
    expect(messages(travelChecklistSchema.safeParse({ '': [] }))).toEqual([TRAVEL_MESSAGES.categoryRequired]);
    expect(messages(budgetBreakdownSchema.safeParse({ ' food': 1 }))).toEqual([TRAVEL_MESSAGES.categoryRequired]);
    expect(messages(travelChecklistSchema.safeParse([]))).toEqual([
      'Checklist categories must map category names to lists',
    ]);
  });

  it('refuses negative amounts and blank items', () => {
    expect(
      messages(travelExpensesSchema.safeParse({ categories: { Food: [{ amount: -1, date: '2030-05-01' }] } })),
    ).toEqual([TRAVEL_MESSAGES.amountInvalid]);
    expect(messages(travelChecklistSchema.safeParse({ Documents: [{ item: ' ' }] }))).toEqual([
      TRAVEL_MESSAGES.itemRequired,
    ]);
  });

  it('defaults a new checklist item to not completed and not required', () => {
    expect(travelChecklistSchema.parse({ Packing: [{ item: 'Socks' }] })).toEqual({
      Packing: [{ item: 'Socks', completed: false, required: false }],
    });
  });

  it('drops the total keys from a budget breakdown', () => {
    expect(budgetBreakdownSchema.parse({ food: 100, total: 100, totalBudget: 100 })).toEqual({ food: 100 });
  });

  it('takes the three itinerary shapes and refuses anything else', () => {
    expect(travelItinerarySchema.safeParse({ timeline: [{ day: 'Day 1', morning: 'Walk' }] }).success).toBe(true);
    expect(
      travelItinerarySchema.parse({ days: [{ day: 'Day 1', activities: [{ activity: 'Museum' }] }] }).days![0]
        .activities[0],
    ).toEqual({ time: '', activity: 'Museum' });
    expect(travelItinerarySchema.safeParse({ byDay: { Monday: 'Beach', Tuesday: { morning: 'Hike' } } }).success).toBe(
      true,
    );
    expect(travelItinerarySchema.safeParse({ schedule: [] }).success).toBe(false);
  });

  it('needs a whole item index and a completed flag to toggle an item', () => {
    expect(
      messages(toggleChecklistItemSchema.safeParse({ category: 'Documents', itemIndex: -1, completed: true })),
    ).toEqual(['itemIndex must be a whole number of at least 0']);
    expect(messages(toggleChecklistItemSchema.safeParse({ category: 'Documents', itemIndex: 0 }))).toEqual([
      'completed must be true or false',
    ]);
  });
});

describe('the plan form', () => {
  it('checks the required fields and turns the form into the payload (spec §5 parsing)', () => {
    const form = {
      destination: ' Kyoto ',
      budget: ' $2,000 ',
      startDate: '2030-04-01',
      endDate: '2030-04-05',
      groupSize: 'two',
      travelStyle: 'cultural' as const,
      interests: ['food', 'Food', ' temples'],
    };
    expect(travelPlanFormSchema.safeParse(form).success).toBe(true);
    expect(messages(travelPlanFormSchema.safeParse({ ...form, destination: '', startDate: '', endDate: '' }))).toEqual([
      TRAVEL_MESSAGES.destinationRequired,
      TRAVEL_MESSAGES.startDateRequired,
      TRAVEL_MESSAGES.endDateRequired,
    ]);
    expect(travelPlanPayload(form)).toEqual({
      destination: 'Kyoto',
      startDate: '2030-04-01',
      endDate: '2030-04-05',
      preferences: { budget: '$2,000', interests: ['food', 'temples'], travelStyle: 'cultural', groupSize: 1 },
    });
  });

  it('checks a new category name: non-blank after trimming and new', () => {
    expect(checkCategoryName('  ', [])).toBe(TRAVEL_MESSAGES.categoryRequired);
    expect(checkCategoryName('food', ['Food'])).toBe(TRAVEL_MESSAGES.categoryExists);
    expect(checkCategoryName(' Snacks ', ['Food'])).toBeNull();
  });
});
