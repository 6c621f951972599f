import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

/**
 * Zone names as providers write them, mapped to IANA zones (the events' `timezone`). Outlook and
 * Exchange (and .ics files they write) use Windows zone names; this is the common part of CLDR's
 * windowsZones table (territory 001), enough for the zones people book meetings in.
 */
const WINDOWS_TO_IANA: Record<string, string> = {
  'Dateline Standard Time': 'Etc/GMT+12',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Alaskan Standard Time': 'America/Anchorage',
  'Pacific Standard Time': 'America/Los_Angeles',
  'US Mountain Standard Time': 'America/Phoenix',
  'Mountain Standard Time': 'America/Denver',
  'Central America Standard Time': 'America/Guatemala',
  'Central Standard Time': 'America/Chicago',
  'Central Standard Time (Mexico)': 'America/Mexico_City',
  'Canada Central Standard Time': 'America/Regina',
  'SA Pacific Standard Time': 'America/Bogota',
  'Eastern Standard Time': 'America/New_York',
  'US Eastern Standard Time': 'America/Indianapolis',
  'Atlantic Standard Time': 'America/Halifax',
  'SA Western Standard Time': 'America/La_Paz',
  'Pacific SA Standard Time': 'America/Santiago',
  'Newfoundland Standard Time': 'America/St_Johns',
  'E. South America Standard Time': 'America/Sao_Paulo',
  'Argentina Standard Time': 'America/Buenos_Aires',
  'Greenland Standard Time': 'America/Godthab',
  UTC: 'UTC',
  'Coordinated Universal Time': 'UTC',
  'GMT Standard Time': 'Europe/London',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Romance Standard Time': 'Europe/Paris',
  'Central European Standard Time': 'Europe/Warsaw',
  'W. Central Africa Standard Time': 'Africa/Lagos',
  'GTB Standard Time': 'Europe/Bucharest',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'FLE Standard Time': 'Europe/Kiev',
  'Israel Standard Time': 'Asia/Jerusalem',
  'Egypt Standard Time': 'Africa/Cairo',
  'South Africa Standard Time': 'Africa/Johannesburg',
  'Turkey Standard Time': 'Europe/Istanbul',
  'Arabic Standard Time': 'Asia/Baghdad',
  'Arab Standard Time': 'Asia/Riyadh',
  'Russian Standard Time': 'Europe/Moscow',
  'E. Africa Standard Time': 'Africa/Nairobi',
  'Iran Standard Time': 'Asia/Tehran',
  'Arabian Standard Time': 'Asia/Dubai',
  'Pakistan Standard Time': 'Asia/Karachi',
  'India Standard Time': 'Asia/Calcutta',
  'Nepal Standard Time': 'Asia/Katmandu',
  'Bangladesh Standard Time': 'Asia/Dhaka',
  'SE Asia Standard Time': 'Asia/Bangkok',
  'China Standard Time': 'Asia/Shanghai',
  'Singapore Standard Time': 'Asia/Singapore',
  'Taipei Standard Time': 'Asia/Taipei',
  'W. Australia Standard Time': 'Australia/Perth',
  'Korea Standard Time': 'Asia/Seoul',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'Cen. Australia Standard Time': 'Australia/Adelaide',
  'AUS Central Standard Time': 'Australia/Darwin',
  'E. Australia Standard Time': 'Australia/Brisbane',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  'Tasmania Standard Time': 'Australia/Hobart',
  'New Zealand Standard Time': 'Pacific/Auckland',
};

const isIana = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The IANA zone a provider's zone name means, or null when it names none we know. Accepts IANA
 * names, Windows names, and the path-prefixed TZIDs some clients write
 * (`/freeassociation.sourceforge.net/Tzfile/Europe/Berlin`, `/mozilla.org/20050126_1/Europe/Berlin`).
 */
export function toIanaZone(name: string | null | undefined): string | null {
  const trimmed = name?.trim().replace(/^"|"$/g, '');
  if (!trimmed) return null;
  if (WINDOWS_TO_IANA[trimmed]) return WINDOWS_TO_IANA[trimmed];
  if (/^(Z|GMT|Etc\/UTC|Etc\/GMT)$/i.test(trimmed)) return 'UTC';
  if (isIana(trimmed) && !/^[+-]/.test(trimmed)) return trimmed;
  // A path prefix: the IANA name is the last two (or three) segments.
  const segments = trimmed.split('/').filter(Boolean);
  for (let take = Math.min(3, segments.length); take >= 1; take--) {
    const candidate = segments.slice(-take).join('/');
    if (candidate.includes('/') && isIana(candidate)) return candidate;
  }
  return null;
}

/** A wall-clock date-time ('2026-03-02T09:00:00') in `zone` as an ISO instant. */
export function wallTimeToInstant(wallTime: string, zone: string): string {
  return dayjs.tz(wallTime.slice(0, 19), zone).toDate().toISOString();
}

/** An instant's wall-clock date-time in `zone`, 'YYYY-MM-DDTHH:mm:ss' without an offset. */
export function instantToWallTime(instant: string | Date, zone: string): string {
  return dayjs(instant).tz(zone).format('YYYY-MM-DDTHH:mm:ss');
}

/** The zone's UTC offset, in minutes, at an instant. */
const offsetAt = (ms: number, zone: string) => dayjs(ms).tz(zone).utcOffset();

interface Transition {
  /** The instant of the change. */
  at: number;
  from: number;
  to: number;
}

/** The zone's offset changes in a calendar year (DST starts and ends), found by day then bisected to the minute. */
function transitionsIn(year: number, zone: string): Transition[] {
  const found: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  const DAY = 86_400_000;
  for (let t = Date.UTC(year, 0, 1); t < end; t += DAY) {
    const a = offsetAt(t, zone);
    const b = offsetAt(t + DAY, zone);
    if (a === b) continue;
    let lo = t;
    let hi = t + DAY;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 2 / 60_000) * 60_000;
      if (offsetAt(mid, zone) === a) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, from: a, to: b });
  }
  return found;
}

const pad = (n: number) => String(n).padStart(2, '0');
const utcOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
};
const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/**
 * A VTIMEZONE for an IANA zone (RFC 5545 §3.6.5), as iCalendar lines, with the zone's rules in
 * `year` written as yearly RRULEs (e.g. the last Sunday of March), which is how tzurl.org and the
 * common clients write them. A zone without DST gets one STANDARD part.
 */
export function vtimezoneLines(zone: string, year: number): string[] {
  const transitions = transitionsIn(year, zone);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  if (transitions.length === 0) {
    const offset = utcOffset(offsetAt(Date.UTC(year, 0, 1), zone));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
    );
  }
  for (const change of transitions) {
    // The wall time the change happens at, in the offset before it (e.g. 02:00 local when clocks go forward).
    const local = new Date(change.at + change.from * 60_000);
    const month = local.getUTCMonth() + 1;
    const day = local.getUTCDate();
    const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), month, 0)).getUTCDate();
    const ordinal = day + 7 > daysInMonth ? -1 : Math.ceil(day / 7);
    const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${local.getUTCFullYear()}${pad(month)}${pad(day)}T${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}00`,
      `RRULE:FREQ=YEARLY;BYMONTH=${month};BYDAY=${ordinal}${DAY_CODES[local.getUTCDay()]}`,
      `TZOFFSETFROM:${utcOffset(change.from)}`,
      `TZOFFSETTO:${utcOffset(change.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
