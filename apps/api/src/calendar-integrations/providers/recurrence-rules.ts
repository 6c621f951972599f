import { instantToWallTime, wallTimeToInstant } from './timezones';

/** The rule's parts, upper-cased, in order. */
function ruleParts(rule: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const piece of rule.replace(/^RRULE:/i, '').split(';')) {
    const [key, value] = piece.split('=');
    if (key && value) parts.set(key.toUpperCase(), value.toUpperCase());
  }
  return parts;
}
const joinParts = (parts: Map<string, string>) => [...parts].map(([k, v]) => `${k}=${v}`).join(';');

/** An instant as an RRULE UTC date-time, e.g. 20270630T225959Z. */
const rruleUtc = (instant: string) => instant.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * The rule as a provider must receive it for a timed series: a date-only UNTIL (how Aide's editor
 * writes it, meaning "through that day") becomes the end of that day in the series' zone, in UTC —
 * RFC 5545 requires a UTC UNTIL when DTSTART has a zone, and Radicale, Google and others refuse or
 * misread a date-only one.
 */
export function ruleForExport(rule: string, zone: string): string {
  const parts = ruleParts(rule);
  const until = parts.get('UNTIL');
  if (until && /^\d{8}$/.test(until)) {
    const date = `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;
    parts.set('UNTIL', rruleUtc(wallTimeToInstant(`${date}T23:59:59`, zone)));
  }
  return joinParts(parts);
}

// --- Microsoft Graph patternedRecurrence -------------------------------------------------------

export type GraphDay = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
export type GraphIndex = 'first' | 'second' | 'third' | 'fourth' | 'last';

/** Graph's recurrencePattern and recurrenceRange (https://learn.microsoft.com/graph/api/resources/patternedrecurrence). */
export interface GraphPatternedRecurrence {
  pattern: {
    type: 'daily' | 'weekly' | 'absoluteMonthly' | 'relativeMonthly' | 'absoluteYearly' | 'relativeYearly';
    interval: number;
    month?: number;
    dayOfMonth?: number;
    daysOfWeek?: GraphDay[];
    firstDayOfWeek?: GraphDay;
    index?: GraphIndex;
  };
  range: {
    type: 'endDate' | 'noEnd' | 'numbered';
    startDate: string;
    endDate?: string;
    numberOfOccurrences?: number;
    recurrenceTimeZone?: string;
  };
}

const DAYS: [string, GraphDay][] = [
  ['SU', 'sunday'],
  ['MO', 'monday'],
  ['TU', 'tuesday'],
  ['WE', 'wednesday'],
  ['TH', 'thursday'],
  ['FR', 'friday'],
  ['SA', 'saturday'],
];
const toGraphDay = new Map(DAYS);
const fromGraphDay = new Map(DAYS.map(([code, day]) => [day, code]));
const INDEXES: [number, GraphIndex][] = [
  [1, 'first'],
  [2, 'second'],
  [3, 'third'],
  [4, 'fourth'],
  [-1, 'last'],
];
const toGraphIndex = new Map(INDEXES);
const fromGraphIndex = new Map(INDEXES.map(([n, name]) => [name, n]));

/**
 * An RRULE as Graph's patternedRecurrence, for a series starting at `start` in `zone` (whose date
 * fills what the rule leaves to the start: the weekday, the day of the month, the month). Answers
 * null for a rule Graph cannot express (several month days, an ordinal on a weekly rule, BYDAY on
 * a daily one…): such a series is sent as its first occurrence.
 */
export function rruleToGraph(rule: string, start: string, zone: string): GraphPatternedRecurrence | null {
  const parts = ruleParts(rule);
  const wall = instantToWallTime(start, zone);
  const startDate = wall.slice(0, 10);
  const startDay = new Date(`${startDate}T00:00:00Z`);
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const days = parts.get('BYDAY')?.split(',') ?? [];
  const monthDays = parts.get('BYMONTHDAY')?.split(',') ?? [];
  const months = parts.get('BYMONTH')?.split(',') ?? [];
  const setPos = parts.get('BYSETPOS');
  if (monthDays.length > 1 || months.length > 1 || (setPos && setPos.includes(','))) return null;
  const plainDays = days.map((d) => /^(MO|TU|WE|TH|FR|SA|SU)$/.exec(d)?.[1]);
  const ordinal = days.length === 1 ? /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(days[0]) : null;
  const graphDays = (codes: (string | undefined)[]) =>
    codes.every((c) => c && toGraphDay.has(c)) ? codes.map((c) => toGraphDay.get(c!)!) : null;
  const weekdayOfStart = DAYS[startDay.getUTCDay()][1];

  let pattern: GraphPatternedRecurrence['pattern'] | null;
  switch (parts.get('FREQ')) {
    case 'DAILY':
      pattern = days.length || monthDays.length ? null : { type: 'daily', interval };
      break;
    case 'WEEKLY': {
      const chosen = days.length ? graphDays(plainDays) : [weekdayOfStart];
      const wkst = toGraphDay.get(parts.get('WKST') ?? 'MO');
      pattern =
        chosen && !monthDays.length ? { type: 'weekly', interval, daysOfWeek: chosen, firstDayOfWeek: wkst } : null;
      break;
    }
    case 'MONTHLY':
    case 'YEARLY': {
      const yearly = parts.get('FREQ') === 'YEARLY';
      const month = yearly ? Number(months[0] ?? startDay.getUTCMonth() + 1) : undefined;
      let relative: { index: GraphIndex; daysOfWeek: GraphDay[] } | null = null;
      if (ordinal && !setPos) {
        const index = toGraphIndex.get(Number(ordinal[1]));
        relative = index ? { index, daysOfWeek: [toGraphDay.get(ordinal[2])!] } : null;
        if (!relative) return null;
      } else if (days.length && setPos) {
        const index = toGraphIndex.get(Number(setPos));
        const chosen = graphDays(plainDays);
        if (!index || !chosen) return null;
        relative = { index, daysOfWeek: chosen };
      } else if (days.length) {
        return null;
      }
      if (relative) {
        pattern = {
          type: yearly ? 'relativeYearly' : 'relativeMonthly',
          interval,
          ...relative,
          ...(yearly && { month }),
        };
      } else {
        const dayOfMonth = Number(monthDays[0] ?? startDay.getUTCDate());
        if (dayOfMonth < 1) return null;
        pattern = {
          type: yearly ? 'absoluteYearly' : 'absoluteMonthly',
          interval,
          dayOfMonth,
          ...(yearly && { month }),
        };
      }
      break;
    }
    default:
      return null;
  }
  if (!pattern) return null;

  const range: GraphPatternedRecurrence['range'] = { type: 'noEnd', startDate, recurrenceTimeZone: zone };
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count) Object.assign(range, { type: 'numbered', numberOfOccurrences: Number(count) });
  else if (until) {
    const endDate = /^\d{8}$/.test(until)
      ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`
      : instantToWallTime(
          `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}T${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}Z`,
          zone,
        ).slice(0, 10);
    Object.assign(range, { type: 'endDate', endDate });
  }
  return { pattern, range };
}

/**
 * Graph's patternedRecurrence as an RRULE, for a series whose first occurrence starts on
 * `startDate` ('YYYY-MM-DD', in the series' zone). An end date becomes a date-only UNTIL (through
 * that day in the series' zone), as Aide's editor writes it. Null for a pattern it does not know.
 */
export function graphToRrule(recurrence: GraphPatternedRecurrence, startDate: string): string | null {
  const { pattern, range } = recurrence;
  const interval = Math.max(1, Number(pattern.interval) || 1);
  const parts: string[] = [];
  const codes = (pattern.daysOfWeek ?? []).map((d) => fromGraphDay.get(d.toLowerCase() as GraphDay));
  if (codes.some((c) => !c)) return null;
  const index = pattern.index ? fromGraphIndex.get(pattern.index) : 1;
  const start = new Date(`${startDate}T00:00:00Z`);
  const relative = () => {
    if (!codes.length || index === undefined) return null;
    return codes.length === 1 ? `BYDAY=${index}${codes[0]}` : `BYDAY=${codes.join(',')};BYSETPOS=${index}`;
  };
  switch (pattern.type) {
    case 'daily':
      parts.push('FREQ=DAILY');
      break;
    case 'weekly':
      parts.push('FREQ=WEEKLY');
      break;
    case 'absoluteMonthly':
      parts.push('FREQ=MONTHLY');
      break;
    case 'relativeMonthly':
      parts.push('FREQ=MONTHLY');
      break;
    case 'absoluteYearly':
    case 'relativeYearly':
      parts.push('FREQ=YEARLY');
      break;
    default:
      return null;
  }
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  if (pattern.type === 'weekly') {
    if (!codes.length) return null;
    parts.push(`BYDAY=${codes.join(',')}`);
    const wkst = pattern.firstDayOfWeek ? fromGraphDay.get(pattern.firstDayOfWeek.toLowerCase() as GraphDay) : 'SU';
    // Graph's weeks start on Sunday unless it says otherwise; that only matters for every-n-weeks on several days.
    if (interval > 1 && codes.length > 1 && wkst && wkst !== 'MO') parts.push(`WKST=${wkst}`);
  }
  if (pattern.type === 'absoluteMonthly') parts.push(`BYMONTHDAY=${pattern.dayOfMonth ?? start.getUTCDate()}`);
  if (pattern.type === 'relativeMonthly') {
    const byDay = relative();
    if (!byDay) return null;
    parts.push(byDay);
  }
  if (pattern.type === 'absoluteYearly') {
    const month = pattern.month || start.getUTCMonth() + 1;
    const day = pattern.dayOfMonth || start.getUTCDate();
    // The start's own date needs no BY parts (and stays editable in Aide's repeat editor).
    if (month !== start.getUTCMonth() + 1 || day !== start.getUTCDate())
      parts.push(`BYMONTH=${month}`, `BYMONTHDAY=${day}`);
  }
  if (pattern.type === 'relativeYearly') {
    const byDay = relative();
    if (!byDay) return null;
    parts.push(`BYMONTH=${pattern.month || start.getUTCMonth() + 1}`, byDay);
  }
  if (range.type === 'numbered' && range.numberOfOccurrences) parts.push(`COUNT=${range.numberOfOccurrences}`);
  if (range.type === 'endDate' && range.endDate && !range.endDate.startsWith('0001'))
    parts.push(`UNTIL=${range.endDate.replaceAll('-', '')}`);
  return parts.join(';');
}
