/** What the Travel Planner shows of a plan, computed from the plan alone. Pure: no React. */
import {
  breakdownCategories,
  breakdownSum,
  roundCents,
  spaceCamelCase,
  TRAVEL_CAPS,
  tripLength,
  type TravelItinerary,
  type TravelPlan,
  type TravelRecommendations,
  type TravelStatus,
  type UpdateItineraryPayload,
} from '@aide/contracts';
import { formatDate } from '@aide/i18n';
import { t } from '../i18n';

/** A status's name in the reader's language. */
export const statusLabel = (status: TravelStatus) => t(`status.${status}`);

/** The background job is still writing the plan: a progress bar shows and the editors wait. */
export const isGenerating = (plan: Pick<TravelPlan, 'generation'>) =>
  plan.generation.status === 'pending' || plan.generation.status === 'in_progress';

/** 'Mar 3 – Mar 9, 2026' (the year once when both dates share it), in the reader's language. */
export function dateRange(startDate: string, endDate: string): string {
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  const day = (date: Date, withYear: boolean) =>
    formatDate(date, {
      month: 'short',
      day: 'numeric',
      year: withYear ? 'numeric' : undefined,
      timeZone: 'UTC',
    });
  if (startDate === endDate) return day(start, true);
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4);
  return `${day(start, !sameYear)} – ${day(end, true)}`;
}

/** '1 day', '7 days'. */
export const daysText = (days: number) => t('card.days', { count: days });

/** 'Mon, Mar 3' for an itinerary day's date. */
export const shortDate = (isoDate: string) =>
  formatDate(`${isoDate}T00:00:00Z`, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

// ---- The tiles ----

/** Total Trips, Upcoming (the start date is after today) and Total Spent (the sum of every plan's expenses). */
export function travelStats(plans: readonly TravelPlan[], today: string) {
  return {
    total: plans.length,
    upcoming: plans.filter((plan) => plan.startDate > today).length,
    spent: roundCents(plans.reduce((sum, plan) => sum + (plan.expenses?.total ?? 0), 0)),
  };
}

// ---- Overview ----

type Named = { name: string; description?: string };
type Accommodation = Named & { area?: string; priceRange?: string };
type Restaurant = Named & { cuisine?: string; priceRange?: string };

export interface WeatherView {
  /** The weather text, or the climate. */
  climate: string | null;
  season: string | null;
  packing: string[];
}

export interface OverviewView {
  weather: WeatherView | null;
  attractions: Named[];
  accommodations: Accommodation[];
  localTips: string[];
  culture: string[];
  safety: string[];
}

const nonBlank = (values: readonly string[] | undefined) => (values ?? []).map((value) => value.trim()).filter(Boolean);

function weatherView(weather: TravelRecommendations['weather'] | undefined): WeatherView | null {
  if (!weather) return null;
  if (typeof weather === 'string')
    return weather.trim() ? { climate: weather.trim(), season: null, packing: [] } : null;
  const view = {
    climate: weather.climate?.trim() || null,
    season: weather.season?.trim() || null,
    packing: nonBlank(weather.seasonalPacking),
  };
  return view.climate || view.season || view.packing.length ? view : null;
}

/** Spec §2/§9: the Overview's sections with their caps; a section with nothing in it is empty here (and left out). */
export function overviewView(plan: Pick<TravelPlan, 'recommendations'>): OverviewView {
  const recs = plan.recommendations;
  const caps = TRAVEL_CAPS.overview;
  return {
    weather: weatherView(recs?.weather),
    attractions: (recs?.attractions ?? []).slice(0, caps.attractions),
    accommodations: (recs?.accommodations ?? []).slice(0, caps.accommodations),
    localTips: nonBlank(recs?.localTips).slice(0, caps.localTips),
    culture: nonBlank(recs?.culture).slice(0, caps.culture),
    safety: nonBlank(recs?.safety).slice(0, caps.safety),
  };
}

export const overviewIsEmpty = (view: OverviewView) =>
  !view.weather &&
  !view.attractions.length &&
  !view.accommodations.length &&
  !view.localTips.length &&
  !view.culture.length &&
  !view.safety.length;

// ---- Itinerary ----

export const SLOTS = [
  { key: 'morning', time: '09:00' },
  { key: 'afternoon', time: '14:00' },
  { key: 'evening', time: '19:00' },
] as const;

export interface SlotView {
  label: string;
  text: string;
}
export interface ActivityView {
  /** The activity's time, or 'All day' when it has none (spec §2). */
  time: string;
  activity: string;
  location: string | null;
  /** The confirmation email the activity came from (a reservation), to link to. */
  sourceEmailId?: number;
}
export interface RecommendedDayView {
  day: string;
  title: string | null;
  description: string | null;
  activities: string[];
}

export interface ItineraryLists {
  activities: Named[];
  attractions: Named[];
  accommodations: Accommodation[];
  restaurants: Restaurant[];
  transportation: string[];
}

/** Which of the spec's shapes the Itinerary tab shows, in its order of preference. */
export type ItineraryView =
  | {
      kind: 'timeline';
      days: { key: string; day: string; date: string | null; title: string | null; slots: SlotView[] }[];
      transportation: string[];
    }
  | {
      kind: 'days';
      days: { key: string; day: string; date: string | null; activities: ActivityView[] }[];
      transportation: string[];
    }
  | {
      kind: 'byDay';
      days: { key: string; day: string; text: string | null; slots: SlotView[] }[];
      transportation: string[];
    }
  | { kind: 'recommendations'; title: string; days: RecommendedDayView[]; transportation: string[] }
  | { kind: 'lists'; lists: ItineraryLists }
  | { kind: 'empty'; message: string };

type Slots = { morning?: string; afternoon?: string; evening?: string };
const slotsOf = (day: Slots): SlotView[] =>
  SLOTS.map(({ key }) => ({ label: t(`slot.${key}`), text: day[key]?.trim() ?? '' })).filter((slot) => slot.text);

/**
 * Spec §2: the itinerary's timeline → its days list → its keyed map of days → the recommendations
 * timeline (first 7, titled) → lists of activities, attractions, accommodations, restaurants and
 * transportation (capped) → the empty state. A shape counts only when it has something in it.
 */
export function itineraryView(plan: Pick<TravelPlan, 'itinerary' | 'recommendations'>): ItineraryView {
  const itinerary = plan.itinerary;
  const caps = TRAVEL_CAPS.itinerary;
  const transportation = nonBlank(itinerary?.transportation).slice(0, caps.transportation);

  if (itinerary?.timeline?.length) {
    return {
      kind: 'timeline',
      days: itinerary.timeline.map((day, index) => ({
        key: `${index}`,
        day: day.day,
        date: day.date ?? null,
        title: day.title?.trim() || null,
        slots: slotsOf(day),
      })),
      transportation,
    };
  }
  if (itinerary?.days?.length) {
    return {
      kind: 'days',
      days: itinerary.days.map((day, index) => ({
        key: `${index}`,
        day: day.day,
        date: day.date ?? null,
        activities: day.activities.map((activity) => ({
          time: activity.time?.trim() || t('itinerary.allDay'),
          activity: activity.activity,
          location: activity.location?.trim() || null,
          ...(activity.sourceEmailId ? { sourceEmailId: activity.sourceEmailId } : {}),
        })),
      })),
      transportation,
    };
  }
  const byDay = Object.entries(itinerary?.byDay ?? {});
  if (byDay.length) {
    return {
      kind: 'byDay',
      days: byDay.map(([day, plan]) =>
        typeof plan === 'string'
          ? { key: day, day, text: plan.trim() || null, slots: [] }
          : { key: day, day, text: null, slots: slotsOf(plan) },
      ),
      transportation,
    };
  }
  const recs = plan.recommendations;
  if (recs?.timeline?.length) {
    return {
      kind: 'recommendations',
      title: t('messages.timelineTitle'),
      days: recs.timeline.slice(0, caps.timeline).map((day) => ({
        day: day.day,
        title: day.title?.trim() || null,
        description: day.description?.trim() || null,
        activities: nonBlank(day.activities),
      })),
      transportation,
    };
  }
  const lists: ItineraryLists = {
    activities: (recs?.activities ?? []).slice(0, caps.activities),
    attractions: (recs?.attractions ?? []).slice(0, caps.attractions),
    accommodations: (recs?.accommodations ?? []).slice(0, caps.accommodations),
    restaurants: (recs?.restaurants ?? []).slice(0, caps.restaurants),
    transportation,
  };
  if (Object.values(lists).some((list) => list.length)) return { kind: 'lists', lists };
  return { kind: 'empty', message: t('messages.noItinerary') };
}

// ---- Expenses ----

export interface ChartRow {
  category: string;
  budgeted: number;
  spent: number;
}

export interface ExpensesView {
  /** The user's total budget, else the planner's estimate (then `estimated`); null without either. */
  totalBudget: number | null;
  /** The total is the planner's estimate: the user set no budget. */
  estimated: boolean;
  breakdown: { key: string; label: string; amount: number }[];
  breakdownTotal: number;
  /** recommendations.budget.dailyBudget, else the total budget over the trip's days; null without a budget. */
  dailyBudget: number | null;
  tracked: number;
  /** Tracked expenses as a percent of the budget, at most 100 (spec §9); 0 without a budget. */
  percent: number;
  overBudget: boolean;
  /** What is left of the budget (negative when over); null without a budget. */
  remaining: number | null;
  actual: {
    name: string;
    items: { description: string; amount: number; date: string; sourceEmailId?: number }[];
    total: number;
  }[];
  /** The chart: each category's budget against what was spent on it (matched by its spaced, case-insensitive name). */
  chart: ChartRow[];
}

const categoryKey = (name: string) => spaceCamelCase(name).toLowerCase();

export function expensesView(
  plan: Pick<TravelPlan, 'budget' | 'budgetBreakdown' | 'expenses' | 'recommendations' | 'startDate' | 'endDate'> &
    Partial<Pick<TravelPlan, 'estimatedBudget'>>,
): ExpensesView {
  const breakdown = breakdownCategories(plan.budgetBreakdown);
  const estimated = plan.budget === null && (plan.estimatedBudget ?? null) !== null;
  const totalBudget = plan.budget ?? plan.estimatedBudget ?? null;
  const recommendedDaily = plan.recommendations?.budget?.dailyBudget;
  const days = tripLength(plan.startDate, plan.endDate);
  const dailyBudget =
    recommendedDaily && recommendedDaily > 0
      ? recommendedDaily
      : totalBudget && totalBudget > 0 && days > 0
        ? roundCents(totalBudget / days)
        : null;

  const actual = Object.entries(plan.expenses?.categories ?? {}).map(([name, items]) => ({
    name,
    items,
    total: roundCents(items.reduce((sum, item) => sum + item.amount, 0)),
  }));
  const tracked = plan.expenses?.total ?? roundCents(actual.reduce((sum, category) => sum + category.total, 0));

  const rows = new Map<string, ChartRow>();
  for (const { label, amount } of breakdown)
    rows.set(categoryKey(label), { category: label, budgeted: amount, spent: 0 });
  for (const { name, total } of actual) {
    const key = categoryKey(name);
    const row = rows.get(key);
    if (row) row.spent = roundCents(row.spent + total);
    else rows.set(key, { category: spaceCamelCase(name), budgeted: 0, spent: total });
  }

  const hasBudget = totalBudget !== null && totalBudget > 0;
  return {
    totalBudget,
    estimated,
    breakdown,
    breakdownTotal: breakdownSum(plan.budgetBreakdown),
    dailyBudget,
    tracked,
    percent: hasBudget ? Math.min(100, Math.round((tracked / totalBudget) * 100)) : 0,
    overBudget: hasBudget && tracked > totalBudget,
    remaining: totalBudget === null ? null : roundCents(totalBudget - tracked),
    actual,
    chart: [...rows.values()],
  };
}

/** The planner's budget categories (apps/api's BUDGET_CATEGORIES): their names are translated, a user's own are not. */
const BUDGET_CATEGORY_KEYS = ['accommodation', 'food', 'localTransport', 'activities', 'miscellaneous'] as const;

/** A budget category's name in the reader's language: 'Local Transport' → 'Transporte local'; any other as it is. */
export function budgetCategoryLabel(label: string): string {
  const key = BUDGET_CATEGORY_KEYS.find((known) => categoryKey(known) === categoryKey(label));
  return key ? t(`budgetCategory.${key}`) : label;
}

// ---- Checklist ----

/** Each category with how much of it is done, in percent (0 for an empty one). */
export function checklistView(plan: Pick<TravelPlan, 'checklist'>) {
  const categories = Object.entries(plan.checklist ?? {}).map(([name, items]) => {
    const done = items.filter((item) => item.completed).length;
    return { name, items, done, percent: items.length ? Math.round((done / items.length) * 100) : 0 };
  });
  const total = categories.reduce((sum, category) => sum + category.items.length, 0);
  const done = categories.reduce((sum, category) => sum + category.done, 0);
  return { categories, total, done, percent: total ? Math.round((done / total) * 100) : 0 };
}

// ---- The Edit Daily Itinerary editor ----

export interface EditorActivity {
  time: string;
  activity: string;
  location: string;
  /** Kept through an edit, so a booking stays linked to its confirmation email. */
  sourceEmailId?: number;
}
export interface EditorDay {
  day: string;
  date?: string;
  activities: EditorActivity[];
}

const slotActivities = (day: Slots): EditorActivity[] =>
  SLOTS.flatMap(({ key, time }) => (day[key]?.trim() ? [{ time, activity: day[key]!.trim(), location: '' }] : []));

/**
 * The editor's days, one per day of the itinerary: a days list as it is; timeline and keyed-map
 * slots become activities at 09:00, 14:00 and 19:00 (a day's plain text one activity without a time);
 * with no days at all, one empty day per date of the trip.
 */
export function editorDays(itinerary: TravelItinerary | null, trip: { dates: string[] }): EditorDay[] {
  if (itinerary?.days?.length) {
    return itinerary.days.map((day) => ({
      day: day.day,
      ...(day.date ? { date: day.date } : {}),
      activities: day.activities.map((activity) => ({
        time: activity.time ?? '',
        activity: activity.activity,
        location: activity.location ?? '',
        ...(activity.sourceEmailId ? { sourceEmailId: activity.sourceEmailId } : {}),
      })),
    }));
  }
  if (itinerary?.timeline?.length) {
    return itinerary.timeline.map((day) => ({
      day: day.day,
      ...(day.date ? { date: day.date } : {}),
      activities: slotActivities(day),
    }));
  }
  const byDay = Object.entries(itinerary?.byDay ?? {});
  if (byDay.length) {
    return byDay.map(([day, plan]) => ({
      day,
      activities:
        typeof plan === 'string'
          ? plan.trim()
            ? [{ time: '', activity: plan.trim(), location: '' }]
            : []
          : slotActivities(plan),
    }));
  }
  return trip.dates.map((date, index) => ({ day: t('itinerary.dayN', { n: index + 1 }), date, activities: [] }));
}

/** What Save sends: the days with blank activities dropped, and the itinerary's transportation kept. */
export function itineraryPayload(
  days: readonly EditorDay[],
  transportation: readonly string[] | undefined,
): UpdateItineraryPayload {
  return {
    itinerary: {
      days: days.map((day) => ({
        day: day.day,
        ...(day.date ? { date: day.date } : {}),
        activities: day.activities
          .filter((activity) => activity.activity.trim())
          .map((activity) => ({
            time: activity.time.trim(),
            activity: activity.activity.trim(),
            ...(activity.location.trim() ? { location: activity.location.trim() } : {}),
            ...(activity.sourceEmailId ? { sourceEmailId: activity.sourceEmailId } : {}),
          })),
      })),
      ...(transportation?.length ? { transportation: [...transportation] } : {}),
    },
  };
}
