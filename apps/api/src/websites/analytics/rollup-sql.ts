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
 */
export const sitesCte = (from: string) => `sites AS (
  SELECT u."websiteId", k.today, ${from} AS "from", least(u.rolled, k.today - 1) AS rolled,
         (greatest(${from}, least(u.rolled, k.today - 1) + 1)::timestamp AT TIME ZONE $4::text) AS "rawFrom",
         ((k.today + 1)::timestamp AT TIME ZONE $4::text) AS "rawTo"
    FROM unnest($1::int[], $2::date[]) AS u("websiteId", rolled)
   CROSS JOIN (SELECT ($3::timestamptz AT TIME ZONE $4::text)::date AS today) k
)`;
/** The local day of a raw event's timestamp column. */
export const localDate = (column: string) => `(${column} AT TIME ZONE $4::text)::date`;
/** Joins a raw event table (alias a) to the sites on their raw range. */
export const rawRange = (table: string, column: string) =>
  `sites s JOIN ${table} a ON a."websiteId" = s."websiteId" AND a.${column} >= s."rawFrom" AND a.${column} < s."rawTo"`;
/** Joins a roll-up table (alias d, or `alias`) to the sites on their rolled-up days. */
export const rolledRange = (table: string, alias = 'd') =>
  `sites s JOIN ${table} ${alias} ON ${alias}."websiteId" = s."websiteId" AND ${alias}.day >= s."from" AND ${alias}.day <= s.rolled`;
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
