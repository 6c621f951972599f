import { z } from 'zod';
import { text } from './text';

// ---- Travel Planner (spec: travel §2, §3, §4, §5, §7, §8, §9; DECISIONS: identity, AI) ----

/**
 * Spec §3: a plan is `planning` until the user marks it booked; from its start date it is `ongoing`
 * and after its end date `completed`, whatever it was (travelStatus). The dates decide the last two,
 * so they are computed on read, never stored.
 */
export const TRAVEL_STATUSES = ['planning', 'booked', 'ongoing', 'completed'] as const;
export type TravelStatus = (typeof TRAVEL_STATUSES)[number];

/** What the background job that writes a plan's recommendations, itinerary, budget and checklist is doing. */
export const TRAVEL_GENERATION_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type TravelGenerationStatus = (typeof TRAVEL_GENERATION_STATUSES)[number];

/** The Travel Style options (the spec names the field, not its values). Each scales the estimated budget. */
export const TRAVEL_STYLES = ['budget', 'moderate', 'luxury', 'adventure', 'cultural', 'relaxation'] as const;
export type TravelStyle = (typeof TRAVEL_STYLES)[number];
export const TRAVEL_STYLE_LABELS: Record<TravelStyle, string> = {
  budget: 'Budget',
  moderate: 'Moderate',
  luxury: 'Luxury',
  adventure: 'Adventure',
  cultural: 'Cultural',
  relaxation: 'Relaxation',
};

/** Spec §9 and the product's own defaults. */
export const TRAVEL_DEFAULTS = {
  groupSize: 1,
  travelStyle: 'moderate' as TravelStyle,
  /** Spec §5: a new activity's time. */
  activityTime: '09:00',
  /** Spec §2: an activity without a time shows this. */
  activityTimeLabel: 'All day',
  currency: 'USD',
  locale: 'en-US',
} as const;

/** Spec §9: what the Overview and Itinerary tabs show at most. */
export const TRAVEL_CAPS = {
  overview: { attractions: 8, accommodations: 6, localTips: 5, culture: 4, safety: 4 },
  itinerary: { timeline: 7, activities: 12, attractions: 12, accommodations: 8, restaurants: 10, transportation: 6 },
} as const;

/** The product's limits on what a plan may hold (the spec shows none); every one answers 400 with its message. */
export const TRAVEL_LIMITS = {
  destinationMax: 200,
  budgetTextMax: 50,
  interestsMax: 20,
  interestMax: 50,
  groupSizeMax: 100,
  /** A plan covers at most this many days (one itinerary day per date). */
  tripDaysMax: 90,
  textMax: 1000,
  nameMax: 200,
  categoryNameMax: 50,
  categoriesMax: 30,
  itemsPerCategoryMax: 200,
  activitiesPerDayMax: 30,
  listMax: 100,
  amountMax: 100_000_000,
} as const;

export const TRAVEL_MESSAGES = {
  // Spec §5.
  destinationRequired: 'Destination is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  // Spec §8: toasts.
  createFailed: 'Failed to create travel plan',
  updateFailed: 'Failed to update travel plan',
  deleteFailed: 'Failed to delete travel plan',
  itineraryFailed: 'Failed to update itinerary',
  expensesFailed: 'Failed to update expenses',
  checklistFailed: 'Failed to update checklist',
  budgetFailed: 'Failed to update budget',
  checklistItemFailed: 'Failed to update checklist item',
  fetchFailed: 'Failed to fetch travel plans',
  // Spec §2: empty states.
  noItinerary: 'No detailed itinerary available yet',
  noBudget: 'No budget breakdown available',
  /** Spec §2: the recommendations timeline's title. */
  timelineTitle: '7-Day Detailed Itinerary',
  // The product's own toasts (the spec shows no success texts for travel).
  created: 'Travel plan created — your itinerary is being prepared',
  updated: 'Travel plan updated',
  deleted: 'Travel plan deleted',
  itineraryUpdated: 'Itinerary updated',
  expensesUpdated: 'Expenses updated',
  checklistUpdated: 'Checklist updated',
  budgetUpdated: 'Budget updated',
  booked: 'Marked as booked',
  unbooked: 'Moved back to planning',
  statusFailed: 'Failed to change the plan status',
  regenerated: 'Generating a new plan',
  regenerateFailed: 'Failed to regenerate travel plan',
  deleteConfirm: 'Delete this travel plan? Its itinerary, budget, expenses and checklist are deleted with it.',
  // The API's answers.
  notFound: 'Travel plan not found',
  checklistItemNotFound: 'Checklist item not found',
  /** 403 (DECISIONS §Identity): a path with another user's id. */
  otherUser: 'You can only list your own travel plans',
  /** 403: a create body whose userId is another user's. */
  otherUserCreate: 'You can only create travel plans for yourself',
  /** 403: an edit body whose userId is another user's. */
  otherUserUpdate: 'You can only change your own travel plans',
  endBeforeStart: 'End date must be on or after the start date',
  tripTooLong: `A travel plan covers at most ${TRAVEL_LIMITS.tripDaysMax} days`,
  /** 409: the spec's edit check failed (travelPlanEditable). */
  notEditable:
    'This travel plan can no longer be changed: only plans still in planning, or trips under way that have not ended, can be edited',
  /** 409: the job is still writing the part being edited. */
  stillGenerating: 'This travel plan is still being prepared; wait for it to finish before editing it',
  /** 409: booked/planning is the user's to set only before the trip starts. */
  statusLocked: 'The trip has started, so its status now follows its dates',
  categoryRequired: 'Category name is required',
  categoryExists: 'A category with this name already exists',
  styleInvalid: `Travel style must be one of: ${TRAVEL_STYLES.join(', ')}`,
  groupSizeInvalid: 'Group size must be a whole number of at least 1',
  itemRequired: 'Checklist item text is required',
  activityRequired: 'Activity text is required',
  amountInvalid: 'Amounts must be numbers of at least 0',
} as const;

/** Spec §5: the budget editor's warning. */
export const breakdownDiffersMessage = (breakdownTotal: number, totalBudget: number) =>
  `Note: Breakdown total (${formatUsd(breakdownTotal)}) differs from total budget (${formatUsd(totalBudget)})`;

// ---- Money and parsing (spec §5, §9) ----

const usd = new Intl.NumberFormat(TRAVEL_DEFAULTS.locale, { style: 'currency', currency: TRAVEL_DEFAULTS.currency });
/** Spec §9: USD, formatted en-US ($1,234.50). */
export const formatUsd = (amount: number) => usd.format(amount);

/** Rounds to cents, so sums of amounts do not show float noise. */
export const roundCents = (amount: number) => Math.round(amount * 100) / 100;

/** Spec §5: an amount typed in an editor, parsed as a decimal; anything else is 0. '$1,250.50' → 1250.5. */
export function parseAmount(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : 0;
  if (typeof value !== 'string') return 0;
  const parsed = Number.parseFloat(value.replace(/[$,\s]/g, ''));
  return Number.isFinite(parsed) && parsed >= 0 ? Math.min(parsed, TRAVEL_LIMITS.amountMax) : 0;
}

/** Spec §5: group size parsed as an integer, falling back to 1 (also for 0 and negatives). */
export function parseGroupSize(value: unknown): number {
  const parsed = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) && parsed >= 1
    ? Math.min(parsed, TRAVEL_LIMITS.groupSizeMax)
    : TRAVEL_DEFAULTS.groupSize;
}

/** The plan's budget preference is text (spec §3); its first number is the budget in USD: '$3,000 total' → 3000. */
export function budgetFromText(value: string | null | undefined): number | null {
  const match = value?.replace(/,/g, '').match(/\d+(?:\.\d+)?/);
  if (!match) return null;
  const amount = Number.parseFloat(match[0]);
  return amount > 0 ? Math.min(amount, TRAVEL_LIMITS.amountMax) : null;
}

/** Spec §5: interests are trimmed, non-empty and unique; adding one that is blank or already there changes nothing. */
export function addInterest(interests: readonly string[], raw: string): string[] {
  const interest = raw.trim();
  if (!interest || interests.some((existing) => existing.toLowerCase() === interest.toLowerCase()))
    return [...interests];
  return [...interests, interest];
}

/** Spec §2: budget keys are camel case; the screen spaces them out: 'localTransport' → 'Local Transport'. */
export function spaceCamelCase(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Spec §2: the breakdown's keys that are totals, not categories. */
export const BUDGET_TOTAL_KEYS = ['total', 'totalBudget'] as const;

/** The budget breakdown's categories, without the total keys (spec §2), in their stored order. */
export function breakdownCategories(
  breakdown: Record<string, number> | null | undefined,
): { key: string; label: string; amount: number }[] {
  return Object.entries(breakdown ?? {})
    .filter(([key]) => !(BUDGET_TOTAL_KEYS as readonly string[]).includes(key))
    .map(([key, amount]) => ({ key, label: spaceCamelCase(key), amount }));
}

export const breakdownSum = (breakdown: Record<string, number> | null | undefined) =>
  roundCents(breakdownCategories(breakdown).reduce((sum, { amount }) => sum + amount, 0));

// ---- Dates, status and the edit check (spec §2, §4) ----

/** 'YYYY-MM-DD' of `date` in `timeZone` (the user's profile zone on the server, the browser's on the screen). */
export function localDate(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

const dayMs = 86_400_000;
const utcDay = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

/** Days of the trip, both ends counted: 1 for a day trip. */
export const tripLength = (startDate: string, endDate: string) =>
  Math.round((utcDay(endDate) - utcDay(startDate)) / dayMs) + 1;

/** Every date of the trip, in order. */
export function tripDates(startDate: string, endDate: string): string[] {
  const length = Math.max(0, Math.min(tripLength(startDate, endDate), TRAVEL_LIMITS.tripDaysMax));
  return Array.from({ length }, (_, index) => new Date(utcDay(startDate) + index * dayMs).toISOString().slice(0, 10));
}

/** Spec §3/§4 and the issue: the user sets planning or booked; from the start date the dates decide. */
export function travelStatus(
  plan: { booked: boolean; startDate: string; endDate: string },
  today: string,
): TravelStatus {
  if (today > plan.endDate) return 'completed';
  if (today >= plan.startDate) return 'ongoing';
  return plan.booked ? 'booked' : 'planning';
}

/**
 * Spec §2: the edit check behind Edit, Delete and the four editors — the plan is planning, or
 * ongoing with the end date not yet past. The API refuses the same edits with 409 (notEditable).
 */
export function travelPlanEditable(plan: { status: TravelStatus; endDate: string }, today: string): boolean {
  return plan.status === 'planning' || (plan.status === 'ongoing' && plan.endDate >= today);
}

/** Spec §4: a plan counts as active if it is planning or ongoing and its end date is not in the past. */
export function travelPlanActive(plan: { status: TravelStatus; endDate: string }, today: string): boolean {
  return (plan.status === 'planning' || plan.status === 'ongoing') && plan.endDate >= today;
}

/** The season at a date, by hemisphere (meteorological: Dec–Feb is northern winter, southern summer). */
export const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const;
export type Season = (typeof SEASONS)[number];
export function seasonAt(isoDate: string, hemisphere: 'northern' | 'southern'): Season {
  const month = Number(isoDate.slice(5, 7));
  const northern: Season =
    month === 12 || month <= 2 ? 'winter' : month <= 5 ? 'spring' : month <= 8 ? 'summer' : 'autumn';
  if (hemisphere === 'northern') return northern;
  return ({ winter: 'summer', spring: 'autumn', summer: 'winter', autumn: 'spring' } as const)[northern];
}

// ---- Schemas: the plan (spec §5, §7) ----

const isoDate = (label: string, required: string) =>
  z.iso
    .date({
      error: (issue) =>
        issue.input === undefined || issue.input === '' || issue.input === null
          ? required
          : `${label} must be a date (YYYY-MM-DD)`,
      // One message for a missing or malformed date, not this and the check below.
      abort: true,
    })
    .refine((value) => !Number.isNaN(utcDay(value)), `${label} must be a real date`);

const destination = text('Destination', TRAVEL_LIMITS.destinationMax, {
  required: TRAVEL_MESSAGES.destinationRequired,
});
const startDate = isoDate('Start date', TRAVEL_MESSAGES.startDateRequired);
const endDate = isoDate('End date', TRAVEL_MESSAGES.endDateRequired);
const travelStyle = z.enum(TRAVEL_STYLES, { error: TRAVEL_MESSAGES.styleInvalid });
const groupSize = z
  .number({ error: TRAVEL_MESSAGES.groupSizeInvalid })
  .int(TRAVEL_MESSAGES.groupSizeInvalid)
  .min(1, TRAVEL_MESSAGES.groupSizeInvalid)
  .max(TRAVEL_LIMITS.groupSizeMax, `Group size must be at most ${TRAVEL_LIMITS.groupSizeMax}`);

/** Spec §5: interests trimmed, non-empty and unique (case-insensitively, the first spelling kept). */
const interests = z
  .array(text('An interest', TRAVEL_LIMITS.interestMax, { required: 'Interests must not be blank' }), {
    error: 'Interests must be a list of text',
  })
  .max(TRAVEL_LIMITS.interestsMax, `At most ${TRAVEL_LIMITS.interestsMax} interests`)
  .transform((list) => list.reduce<string[]>((kept, interest) => addInterest(kept, interest), []));

/** Spec §3: preferences budget (text), interests, travelStyle, groupSize; each optional with the spec's defaults. */
export const travelPreferencesSchema = z.object({
  budget: text('Budget', TRAVEL_LIMITS.budgetTextMax)
    .nullish()
    .transform((value) => value || null),
  interests: interests.optional().default([]),
  travelStyle: travelStyle.optional().default(TRAVEL_DEFAULTS.travelStyle),
  groupSize: groupSize.optional().default(TRAVEL_DEFAULTS.groupSize),
});
export type TravelPreferences = z.output<typeof travelPreferencesSchema>;

/** Checks the dates together: end not before start, and not longer than the cap. */
export function checkTripDates(start: string, end: string): string | null {
  if (end < start) return TRAVEL_MESSAGES.endBeforeStart;
  if (tripLength(start, end) > TRAVEL_LIMITS.tripDaysMax) return TRAVEL_MESSAGES.tripTooLong;
  return null;
}

const tripDatesRefinement = (value: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (!value.startDate || !value.endDate) return;
  const problem = checkTripDates(value.startDate, value.endDate);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['endDate'] });
};

/**
 * POST /api/travel/create (spec §7: userId, destination, startDate, endDate, preferences). `userId`
 * is accepted for the spec's shape and must be the signed-in user's (DECISIONS).
 */
export const createTravelPlanSchema = z
  .object({
    userId: z.number().int().positive().optional(),
    destination,
    startDate,
    endDate,
    preferences: travelPreferencesSchema.optional().default({
      budget: null,
      interests: [],
      travelStyle: TRAVEL_DEFAULTS.travelStyle,
      groupSize: TRAVEL_DEFAULTS.groupSize,
    }),
  })
  .superRefine(tripDatesRefinement);
export type CreateTravelPlanPayload = z.input<typeof createTravelPlanSchema>;
export type CreateTravelPlan = z.output<typeof createTravelPlanSchema>;

/**
 * PATCH /api/travel/{id} (spec §7: the create fields). Any of them; the dates are checked against
 * the stored ones on the server when only one is sent. Preferences replace the stored ones whole.
 */
export const updateTravelPlanSchema = z
  .object({
    userId: z.number().int().positive().optional(),
    destination: destination.optional(),
    startDate: startDate.optional(),
    endDate: endDate.optional(),
    preferences: travelPreferencesSchema.optional(),
  })
  .superRefine(tripDatesRefinement)
  .refine(
    (value) =>
      value.destination !== undefined ||
      value.startDate !== undefined ||
      value.endDate !== undefined ||
      value.preferences !== undefined,
    'Send a field to change',
  );
export type UpdateTravelPlanPayload = z.input<typeof updateTravelPlanSchema>;
export type UpdateTravelPlan = z.output<typeof updateTravelPlanSchema>;

/** PATCH /api/travel/{id}/status (the product's own): the user marks a trip booked, or back to planning, before it starts. */
export const travelStatusSchema = z.object({
  status: z.enum(['planning', 'booked'], {
    error: "Status must be 'planning' or 'booked'; ongoing and completed follow the dates",
  }),
});
export type TravelStatusPayload = z.input<typeof travelStatusSchema>;

// ---- Schemas: the generated and edited parts (spec §3) ----

const shortText = (label: string) => text(label, TRAVEL_LIMITS.nameMax);
const longText = (label: string) => text(label, TRAVEL_LIMITS.textMax);
const optionalText = (label: string, max: number = TRAVEL_LIMITS.textMax) =>
  text(label, max)
    .nullish()
    .transform((value) => value || undefined);
const list = <T extends z.ZodType>(item: T, label: string, max: number = TRAVEL_LIMITS.listMax) =>
  z.array(item, { error: `${label} must be a list` }).max(max, `${label}: at most ${max}`);

/** A category name as the add-category dialogs give it: trimmed, non-blank (spec §5). */
const categoryName = z
  .string()
  .max(TRAVEL_LIMITS.categoryNameMax, `Category names must be at most ${TRAVEL_LIMITS.categoryNameMax} characters`)
  .refine((name) => name.trim().length > 0 && name.trim() === name, TRAVEL_MESSAGES.categoryRequired)
  .refine((name) => !name.includes('\u0000'), 'Category names must not contain NUL characters');
/**
 * A record's messages: `typeMessage` when the value is not an object, and for a bad key the key's
 * own message ('Category name is required') rather than zod's generic 'Invalid key in record'.
 */
const recordError =
  (typeMessage: string) =>
  (issue: { code?: string; issues?: readonly { message: string }[] }): string | undefined =>
    issue.code === 'invalid_key' ? issue.issues?.[0]?.message : issue.code === 'invalid_type' ? typeMessage : undefined;

const categories = <T extends z.ZodType>(value: T, label: string) =>
  z
    .record(categoryName, value, { error: recordError(`${label} must map category names to lists`) })
    .refine(
      (map) => Object.keys(map).length <= TRAVEL_LIMITS.categoriesMax,
      `${label}: at most ${TRAVEL_LIMITS.categoriesMax} categories`,
    );

const amount = z
  .number({ error: TRAVEL_MESSAGES.amountInvalid })
  .refine(Number.isFinite, TRAVEL_MESSAGES.amountInvalid)
  .min(0, TRAVEL_MESSAGES.amountInvalid)
  .max(TRAVEL_LIMITS.amountMax, `Amounts must be at most ${TRAVEL_LIMITS.amountMax}`)
  .transform(roundCents);

/** An email's id, kept on what was made from it. */
const sourceEmailId = z.number({ error: 'sourceEmailId must be an email id' }).int().positive();

/** 'HH:MM' or a word such as 'All day'; blank shows 'All day' (spec §2). */
const activityTime = text('Activity time', 20);

/** Itinerary shape 1 (spec §2): a timeline of days with morning/afternoon/evening. */
export const itineraryTimelineDaySchema = z.object({
  day: shortText('Day'),
  date: z.iso.date().optional(),
  title: optionalText('Title', TRAVEL_LIMITS.nameMax),
  morning: optionalText('Morning'),
  afternoon: optionalText('Afternoon'),
  evening: optionalText('Evening'),
});
export type ItineraryTimelineDay = z.output<typeof itineraryTimelineDaySchema>;

/** Spec §3: an activity with time, activity and location. */
export const itineraryActivitySchema = z.object({
  time: activityTime.optional().default(''),
  activity: text('Activity', TRAVEL_LIMITS.textMax, { required: TRAVEL_MESSAGES.activityRequired }),
  location: optionalText('Location', TRAVEL_LIMITS.nameMax),
  /** The confirmation email the activity came from (a reservation); the screen links to it. */
  sourceEmailId: sourceEmailId.optional(),
});
export type ItineraryActivity = z.output<typeof itineraryActivitySchema>;

/** Itinerary shape 2 (spec §2): a days list with activities. */
export const itineraryDaySchema = z.object({
  day: shortText('Day'),
  date: z.iso.date().optional(),
  activities: list(itineraryActivitySchema, 'Activities', TRAVEL_LIMITS.activitiesPerDayMax),
});
export type ItineraryDay = z.output<typeof itineraryDaySchema>;

/** Morning/afternoon/evening of a day in the keyed map. */
export const daySlotsSchema = z.object({
  morning: optionalText('Morning'),
  afternoon: optionalText('Afternoon'),
  evening: optionalText('Evening'),
});
export type DaySlots = z.output<typeof daySlotsSchema>;

/**
 * Spec §3: the itinerary. One of three shapes for the days — `timeline`, `days`, or `byDay` (the
 * keyed map of day names to text or morning/afternoon/evening) — plus a transportation list.
 * The screen shows the first present in that order (itineraryView).
 */
export const travelItinerarySchema = z
  .object({
    timeline: list(itineraryTimelineDaySchema, 'Timeline', TRAVEL_LIMITS.tripDaysMax).optional(),
    days: list(itineraryDaySchema, 'Days', TRAVEL_LIMITS.tripDaysMax).optional(),
    byDay: z
      .record(shortText('Day'), z.union([longText('Day plan'), daySlotsSchema]), {
        error: recordError('byDay must map day names to plans'),
      })
      .refine(
        (map) => Object.keys(map).length <= TRAVEL_LIMITS.tripDaysMax,
        `byDay: at most ${TRAVEL_LIMITS.tripDaysMax} days`,
      )
      .optional(),
    transportation: list(longText('Transportation'), 'Transportation').optional(),
  })
  .strict();
export type TravelItinerary = z.output<typeof travelItinerarySchema>;

/** PATCH /api/travel/{id}/itinerary (spec §7: itinerary). */
export const updateItinerarySchema = z.object({ itinerary: travelItinerarySchema });
export type UpdateItineraryPayload = z.input<typeof updateItinerarySchema>;

/** Spec §3: an expense item; §5: a new one is empty, 0, today. */
export const expenseItemSchema = z.object({
  description: text('Description', TRAVEL_LIMITS.nameMax).optional().default(''),
  amount,
  date: z.iso.date({ error: 'Expense dates must be dates (YYYY-MM-DD)' }),
  /** The confirmation email the expense came from (a reservation's price). */
  sourceEmailId: sourceEmailId.optional(),
});
export type ExpenseItem = z.output<typeof expenseItemSchema>;

/** Spec §5: the expense total is the sum of every item's amount, recalculated on each edit (on the server too). */
export function expensesTotal(categoriesByName: Record<string, readonly { amount: number }[]>): number {
  return roundCents(
    Object.values(categoriesByName)
      .flat()
      .reduce((sum, item) => sum + item.amount, 0),
  );
}

/** Spec §3: expenses — total, and categories mapping a name to items. A total sent is ignored: the server sums. */
export const travelExpensesSchema = z
  .object({
    total: z.number().optional(),
    categories: categories(
      list(expenseItemSchema, 'Expense items', TRAVEL_LIMITS.itemsPerCategoryMax),
      'Expense categories',
    ),
  })
  .transform(({ categories: byName }) => ({ total: expensesTotal(byName), categories: byName }));
export type TravelExpenses = z.output<typeof travelExpensesSchema>;

/** PATCH /api/travel/{id}/expenses (spec §7: expenses). */
export const updateExpensesSchema = z.object({ expenses: travelExpensesSchema });
export type UpdateExpensesPayload = z.input<typeof updateExpensesSchema>;

/** Spec §3: a checklist item; §5: a new one is neither completed nor required. */
export const checklistItemSchema = z.object({
  item: text('Checklist item', TRAVEL_LIMITS.nameMax, { required: TRAVEL_MESSAGES.itemRequired }),
  completed: z.boolean().optional().default(false),
  required: z.boolean().optional().default(false),
});
export type ChecklistItem = z.output<typeof checklistItemSchema>;

/** Spec §3: the checklist — category mapping to items. */
export const travelChecklistSchema = categories(
  list(checklistItemSchema, 'Checklist items', TRAVEL_LIMITS.itemsPerCategoryMax),
  'Checklist categories',
);
export type TravelChecklist = z.output<typeof travelChecklistSchema>;

/** PATCH /api/travel/{id}/checklist (spec §7: checklist). */
export const updateChecklistSchema = z.object({ checklist: travelChecklistSchema });
export type UpdateChecklistPayload = z.input<typeof updateChecklistSchema>;

/** PATCH /api/travel/{id}/checklist/item (spec §7: category, itemIndex, completed). */
export const toggleChecklistItemSchema = z.object({
  category: z
    .string({ error: 'category is required' })
    .min(1, 'category is required')
    .max(TRAVEL_LIMITS.categoryNameMax),
  itemIndex: z
    .number({ error: 'itemIndex must be a whole number of at least 0' })
    .int('itemIndex must be a whole number of at least 0')
    .min(0, 'itemIndex must be a whole number of at least 0'),
  completed: z.boolean({ error: 'completed must be true or false' }),
});
export type ToggleChecklistItemPayload = z.input<typeof toggleChecklistItemSchema>;

/** A budget breakdown: category key → amount (the total keys are dropped; the total is `budget`). */
export const budgetBreakdownSchema = z
  .record(categoryName, amount, { error: recordError('The budget breakdown must map category names to amounts') })
  .refine(
    (map) => Object.keys(map).length <= TRAVEL_LIMITS.categoriesMax,
    `Budget categories: at most ${TRAVEL_LIMITS.categoriesMax}`,
  )
  .transform((map) =>
    Object.fromEntries(Object.entries(map).filter(([key]) => !(BUDGET_TOTAL_KEYS as readonly string[]).includes(key))),
  );

/** PATCH /api/travel/{id}/budget (spec §7: budget, budgetBreakdown). */
export const updateBudgetSchema = z.object({ budget: amount, budgetBreakdown: budgetBreakdownSchema });
export type UpdateBudgetPayload = z.input<typeof updateBudgetSchema>;

// ---- Schemas: recommendations (spec §3), what the AI (a model or the offline engine) writes ----

/** A named place or idea; a bare string is read as its name. */
const named = <S extends z.ZodRawShape>(extra: S) =>
  z.union([
    shortText('Name').transform((name) => ({ name })),
    z.object({ name: shortText('Name'), description: optionalText('Description'), ...extra }),
  ]);

export const travelRecommendationsSchema = z.object({
  /** Spec §3: weather is text, or climate and seasonal packing; the season is the product's addition. */
  weather: z
    .union([
      longText('Weather'),
      z.object({
        climate: optionalText('Climate'),
        season: optionalText('Season', 50),
        seasonalPacking: list(longText('Packing tip'), 'Packing tips').optional().default([]),
      }),
    ])
    .nullish()
    .transform((value) => value ?? null),
  attractions: list(named({}), 'Attractions').optional().default([]),
  accommodations: list(
    named({ area: optionalText('Area', TRAVEL_LIMITS.nameMax), priceRange: optionalText('Price range', 50) }),
    'Accommodations',
  )
    .optional()
    .default([]),
  restaurants: list(
    named({ cuisine: optionalText('Cuisine', TRAVEL_LIMITS.nameMax), priceRange: optionalText('Price range', 50) }),
    'Restaurants',
  )
    .optional()
    .default([]),
  activities: list(named({}), 'Activities').optional().default([]),
  localTips: list(longText('Local tip'), 'Local tips').optional().default([]),
  culture: list(longText('Culture note'), 'Culture notes').optional().default([]),
  safety: list(longText('Safety note'), 'Safety notes').optional().default([]),
  /** The recommendations timeline (spec §2: the itinerary's first fallback, 7 entries). */
  timeline: list(
    z.object({
      day: shortText('Day'),
      title: optionalText('Title', TRAVEL_LIMITS.nameMax),
      description: optionalText('Description'),
      activities: list(longText('Activity'), 'Activities').optional().default([]),
    }),
    'Timeline',
    TRAVEL_LIMITS.tripDaysMax,
  )
    .optional()
    .default([]),
  /** Spec §3: total, totalBudget, dailyBudget and per-category amounts. */
  budget: z
    .record(z.string().max(TRAVEL_LIMITS.categoryNameMax), z.number().min(0))
    .nullish()
    .transform((value) => value ?? null),
});
export type TravelRecommendations = z.output<typeof travelRecommendationsSchema>;

// ---- The plan as the API answers it ----

/** The background job that writes the plan, as the API answers it. */
export const travelPlanGenerationSchema = z.object({
  status: z.enum(TRAVEL_GENERATION_STATUSES),
  /** 0–100. */
  progress: z.number().min(0).max(100),
  /** What the job is doing now ('Planning each day'); null when idle. */
  stage: z.string().nullable(),
  /** Why the last generation failed, readable; null otherwise. */
  error: z.string().nullable(),
  /** How the content was written ('offline:template:travel.plan', or the model's name); null until done. */
  method: z.string().nullable(),
});
export type TravelPlanGeneration = z.output<typeof travelPlanGenerationSchema>;

/**
 * A travel plan (spec §3), as GET /api/travel/{userId} lists it. The parts the user edits are
 * checked with the schemas their edits are (the API stores what those schemas gave).
 */
export const travelPlanSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  destination: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  status: z.enum(TRAVEL_STATUSES),
  preferences: travelPreferencesSchema,
  /** The total budget in USD the user set (preferences or the budget editor); null when they set none. */
  budget: z.number().nullable(),
  budgetBreakdown: z.record(z.string(), z.number()).nullable(),
  /**
   * Issue 25: when the user set no budget, the planner's estimate (the sum of the breakdown it
   * wrote), to be shown as an estimate; null when the user set one or there is no breakdown yet.
   */
  estimatedBudget: z.number().nullable().default(null),
  itinerary: travelItinerarySchema.nullable(),
  expenses: travelExpensesSchema,
  checklist: travelChecklistSchema.nullable(),
  recommendations: travelRecommendationsSchema.nullable(),
  generation: travelPlanGenerationSchema,
  /** The spec's edit check on the server's today in the user's timezone; the API refuses edits when false. */
  editable: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TravelPlan = z.output<typeof travelPlanSchema>;

// ---- Forms (react-hook-form + zodResolver) ----

/** The Create/Edit Travel Plan dialog: dates as 'YYYY-MM-DD' text, group size as typed (parsed, 1 by default). */
export const travelPlanFormSchema = z
  .object({
    destination,
    budget: text('Budget', TRAVEL_LIMITS.budgetTextMax),
    startDate: z.string().min(1, TRAVEL_MESSAGES.startDateRequired),
    endDate: z.string().min(1, TRAVEL_MESSAGES.endDateRequired),
    groupSize: z.union([z.string(), z.number()]),
    travelStyle,
    interests: z.array(z.string()).max(TRAVEL_LIMITS.interestsMax, `At most ${TRAVEL_LIMITS.interestsMax} interests`),
  })
  .superRefine(tripDatesRefinement);
export type TravelPlanForm = z.input<typeof travelPlanFormSchema>;

/** The form's values as the create/update payload (spec §5 parsing). */
export function travelPlanPayload(form: TravelPlanForm): Omit<CreateTravelPlanPayload, 'userId'> {
  return {
    destination: form.destination.trim(),
    startDate: form.startDate,
    endDate: form.endDate,
    preferences: {
      budget: form.budget.trim() || null,
      interests: form.interests.reduce<string[]>((kept, interest) => addInterest(kept, interest), []),
      travelStyle: form.travelStyle,
      groupSize: parseGroupSize(form.groupSize),
    },
  };
}

/** The add-category dialogs (spec §5): the name must be non-blank after trimming and new to the list. */
export function checkCategoryName(name: string, existing: readonly string[]): string | null {
  const trimmed = name.trim();
  if (!trimmed) return TRAVEL_MESSAGES.categoryRequired;
  if (trimmed.length > TRAVEL_LIMITS.categoryNameMax)
    return `Category names must be at most ${TRAVEL_LIMITS.categoryNameMax} characters`;
  if (existing.some((category) => category.toLowerCase() === trimmed.toLowerCase()))
    return TRAVEL_MESSAGES.categoryExists;
  return null;
}
