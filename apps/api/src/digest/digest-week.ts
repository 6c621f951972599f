import { DIGEST_SCHEDULE } from '@aide/contracts';
import { fromFloating, toFloating } from '../events/recurrence/occurrences';
import type { DigestWeeks } from './digest-source';

const DAY_MS = 86_400_000;

/**
 * The weeks of the digest sent at `now` in `timezone`: weeks run Monday 00:00 to Monday 00:00 in
 * that zone (a DST week is an hour shorter or longer). `due` is whether the digest of this week may
 * go out: from Monday 08:00 local (DIGEST_SCHEDULE) to the end of the week, so a server that was
 * down on Monday morning still sends it later that week, and never the following one.
 */
export function digestWeeks(now: Date, timezone: string): DigestWeeks & { due: boolean } {
  const local = toFloating(now, timezone).getTime();
  const today = Math.floor(local / DAY_MS) * DAY_MS;
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const monday = today - sinceMonday * DAY_MS;
  const at = (floating: number) => fromFloating(new Date(floating), timezone);
  return {
    now,
    timezone,
    weekStart: new Date(monday).toISOString().slice(0, 10),
    weekBefore: { from: at(monday - 14 * DAY_MS), to: at(monday - 7 * DAY_MS) },
    lastWeek: { from: at(monday - 7 * DAY_MS), to: at(monday) },
    thisWeek: { from: at(monday), to: at(monday + 7 * DAY_MS) },
    due: local >= monday + (DIGEST_SCHEDULE.weekday - 1) * DAY_MS + DIGEST_SCHEDULE.hour * 3_600_000,
  };
}
