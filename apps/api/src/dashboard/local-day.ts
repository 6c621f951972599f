/**
 * SQL for the start of a calendar day in a timezone, as a timestamptz: the day containing the
 * instant `now` shifted by `offsetDays` (-1 yesterday, 0 today, 1 tomorrow). The arithmetic is done
 * on local dates, so a day across a daylight-saving change is 23 or 25 hours long, as it should be.
 * `now` and `timezone` are SQL expressions, normally parameters ('$2', '$3').
 */
export function localDayStart(now: string, timezone: string, offsetDays: -1 | 0 | 1): string {
  return `((date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timezone}::text) + ${offsetDays} * interval '1 day') AT TIME ZONE ${timezone}::text)`;
}
