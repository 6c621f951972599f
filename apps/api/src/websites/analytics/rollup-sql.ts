import type { DataSource } from 'typeorm';

/*
 * SQL pieces shared by the readers of the tracking figures (WebsiteMetricsService, the dashboard's
 * website part): whole days from the daily roll-ups, the days after them from the raw events.
 */

/**
 * The sites of a query with the days it covers, in the user's timezone ($4) at $3 (now):
 * $1 the site ids, $2 each one's last rolled-up day in that timezone ('1970-01-01' when none).
 * Each row: "from" (the first local day), "rolled" (days from "from" through it are read from the
 * roll-ups), and "rawFrom"/"rawTo" (the instants the raw events are read between: the days after
 * "rolled", today included). `from` is an SQL date expression over k.today.
 * With the intraday roll-up (website_rollup_state."partialThrough", read here in the same snapshot
 * as the roll-ups): "partial" (days from "from" through it have roll-up rows: the whole days through
 * "rolled", and the later ones counted up to "tailFrom") and "tailFrom" (the raw events are read
 * from there to "rawTo": partialRange and tailRange). Without one, "partial" is "rolled" and
 * "tailFrom" is "rawFrom". The roll-up rows of the days after "rolled" hold no session figures
 * (sessions, bounces, session seconds: a session goes on after it started) that can be read.
 */
export const sitesCte = (from: string) => `sites AS (
  SELECT u."websiteId", k.today, ${from} AS "from", least(u.rolled, k.today - 1) AS rolled,
         (greatest(${from}, least(u.rolled, k.today - 1) + 1)::timestamp AT TIME ZONE $4::text) AS "rawFrom",
         ((k.today + 1)::timestamp AT TIME ZONE $4::text) AS "rawTo",
         coalesce(p.day, least(u.rolled, k.today - 1)) AS partial,
         greatest((${from})::timestamp AT TIME ZONE $4::text,
                  coalesce(p.at, (least(u.rolled, k.today - 1) + 1)::timestamp AT TIME ZONE $4::text)) AS "tailFrom"
    FROM unnest($1::int[], $2::date[]) AS u("websiteId", rolled)
   CROSS JOIN (SELECT ($3::timestamptz AT TIME ZONE $4::text)::date AS today) k
    LEFT JOIN LATERAL (
      SELECT r."partialThrough" AS at, (r."partialThrough" AT TIME ZONE $4::text)::date AS day
        FROM website_rollup_state r
       WHERE r."websiteId" = u."websiteId" AND r.timezone = $4::text AND r."rolledThrough" = u.rolled AND u.rolled < k.today
         AND r."partialThrough" > (u.rolled + 1)::timestamp AT TIME ZONE $4::text AND r."partialThrough" <= $3::timestamptz
    ) p ON true
)`;
/** The local day of a raw event's timestamp column. */
export const localDate = (column: string) => `(${column} AT TIME ZONE $4::text)::date`;
/** Joins a raw event table (alias a) to the sites on their raw range. */
export const rawRange = (table: string, column: string) =>
  `sites s JOIN ${table} a ON a."websiteId" = s."websiteId" AND a.${column} >= s."rawFrom" AND a.${column} < s."rawTo"`;
/** Joins a roll-up table (alias d, or `alias`) to the sites on their rolled-up days. */
export const rolledRange = (table: string, alias = 'd') =>
  `sites s JOIN ${table} ${alias} ON ${alias}."websiteId" = s."websiteId" AND ${alias}.day >= s."from" AND ${alias}.day <= s.rolled`;
/** Joins a raw event table (alias a) to the sites on the part after their intraday roll-up. */
export const tailRange = (table: string, column: string) =>
  `sites s JOIN ${table} a ON a."websiteId" = s."websiteId" AND a.${column} >= s."tailFrom" AND a.${column} < s."rawTo"`;
/** Joins a roll-up table (alias d, or `alias`) to the sites on their days with roll-up rows, intraday included. */
export const partialRange = (table: string, alias = 'd') =>
  `sites s JOIN ${table} ${alias} ON ${alias}."websiteId" = s."websiteId" AND ${alias}.day >= s."from" AND ${alias}.day <= s.partial`;
/**
 * SQL condition: the visitor of row r (r."websiteId", r."visitorHash", r.day, r."tailFrom", r.partial: a
 * visitor on a local day, from the raw events after "tailFrom") was counted that day by the intraday
 * roll-up: an event of `table` (alias b) that day before "tailFrom" matching `match`. Distinct
 * visitors after "tailFrom" count only when this is false, so the roll-up's part and the raw part
 * add up exactly. Page views and custom events: an index probe on (websiteId, visitorHash,
 * occurredAt); sessions on (websiteId, visitorHash, lastSeenAt). Use it in an aggregate's FILTER
 * (count(*) FILTER (WHERE NOT …)), not in a WHERE: there the planner may turn NOT EXISTS into an
 * anti-join that reads the whole table (seconds at 10 million page views).
 */
export const seenBefore = (
  table: 'website_pageviews' | 'website_custom_events' | 'website_sessions',
  match = 'true',
) => {
  const start = `(r.day::timestamp AT TIME ZONE $4::text)`;
  const column = table === 'website_sessions' ? '"startedAt"' : '"occurredAt"';
  const sessions = table === 'website_sessions' ? `AND b."lastSeenAt" >= ${start}` : '';
  // Only the intraday roll-up's last day has both a rolled-up part and raw events after it: no
  // probe for the others (all of today's visitors without an intraday roll-up).
  return `(r.day <= r.partial AND EXISTS (SELECT 1 FROM ${table} b
                   WHERE b."websiteId" = r."websiteId" AND b."visitorHash" = r."visitorHash" ${sessions}
                     AND b.${column} >= ${start} AND b.${column} < r."tailFrom" AND ${match}))`;
};
/** The columns seenBefore needs of the raw events after "tailFrom" (tailRange), `column` their timestamp. */
export const tailKeys = (column: string) =>
  `s."websiteId", s."tailFrom", s.partial, ${localDate(`a.${column}`)} AS day, a."visitorHash"`;
/** A session's length in seconds (sessions.ts sessionSeconds). */
export const SESSION_SECONDS = `greatest(extract(epoch FROM a."lastSeenAt" - a."startedAt"), a."engagedMs" / 1000.0)`;
/** A page-goal match of a path column against g.match (a trailing * matches the pages under it). */
export const pageGoalMatch = (column: string) =>
  `(${column} = g.match OR (right(g.match, 1) = '*' AND left(${column}, length(g.match) - 1) = left(g.match, length(g.match) - 1)))`;
/** Before any roll-up: every day is read from the raw events. */
export const NOTHING_ROLLED = '1970-01-01';

/**
 * Each site's last rolled-up local day in `timezone` (website_rollup_state), in the ids' order:
 * NOTHING_ROLLED when the site has none or they were made in another timezone (the next roll-up
 * rebuilds them; until then every day is read from the raw events).
 */
export async function rolledThrough(dataSource: DataSource, websiteIds: number[], timezone: string): Promise<string[]> {
  const rows = await dataSource.query<{ websiteId: number; rolled: string }[]>(
    `SELECT "websiteId", to_char("rolledThrough", 'YYYY-MM-DD') AS rolled
       FROM website_rollup_state WHERE "websiteId" = ANY($1::int[]) AND timezone = $2`,
    [websiteIds, timezone],
  );
  const rolled = new Map(rows.map((row) => [row.websiteId, row.rolled]));
  return websiteIds.map((id) => rolled.get(id) ?? NOTHING_ROLLED);
}

/**
 * Runs one of the figures' statements with more sort and hash memory (SET LOCAL, this transaction
 * only): the raw part of today can be 100,000 page views whose per-visitor grouping spills to disk
 * at PostgreSQL's default 4 MB, and the planner cannot know the raw range's size (its bounds are
 * computed in the statement), so it plans for more rows than there are.
 */
export const FIGURES_WORK_MEM = '32MB';
export function queryFigures<T>(dataSource: DataSource, sql: string, params: unknown[]): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query(`SET LOCAL work_mem = '${FIGURES_WORK_MEM}'`);
    return manager.query<T>(sql, params);
  });
}
