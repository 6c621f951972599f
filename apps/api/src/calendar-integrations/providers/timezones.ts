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
