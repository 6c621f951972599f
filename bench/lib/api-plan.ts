/**
 * "The same SQL": the statements the API ran for one request (captured in the API child, see
 * api-server.ts), turned into a plan the baseline server replays for every request to that route.
 */

/** One statement as pg's Client.prototype.query saw it in the API process. */
export interface CapturedStatement {
  sql: string;
  /** A prepared statement's name (pg's { name, text }), which the baseline prepares too. */
  name?: string;
  /** Dates as { $date: iso }. */
  params: unknown[];
  /** The client's application_name: 'aide-api' (TypeORM) or 'aide-api-sessions' (the session store). */
  pool: string;
  /** performance.now() when sent and when answered. */
  start: number;
  end: number;
}

export type StatementRole = 'session-read' | 'session-touch' | 'transaction-start' | 'transaction-end' | 'query';

export interface PlannedStatement {
  sql: string;
  name?: string;
  params: unknown[];
  pool: 'app' | 'sessions';
  role: StatementRole;
}

export interface RoutePlan {
  method: string;
  path: string;
  /** Run one after the other; the statements of one stage were in flight together in the API, so they run in parallel. */
  stages: PlannedStatement[][];
  /** The captured request's JSON body (a write's parameters carry its values). */
  body?: Record<string, unknown>;
}

const POOLS: Record<string, PlannedStatement['pool']> = { 'aide-api': 'app', 'aide-api-sessions': 'sessions' };

function roleOf(sql: string): StatementRole {
  // connect-pg-simple's lookup, or the API's (SessionService), which reads the user and the toggles with it.
  if (/^\s*SELECT (s\.)?sess\b[\s\S]*\bFROM "session"/i.test(sql)) return 'session-read';
  if (/^\s*UPDATE "session" SET expire/i.test(sql)) return 'session-touch';
  if (/^\s*(START TRANSACTION|BEGIN)\b/i.test(sql)) return 'transaction-start';
  if (/^\s*(COMMIT|ROLLBACK)\b/i.test(sql)) return 'transaction-end';
  return 'query';
}

/**
 * Keeps the request's own statements (the two pools above; pg-boss and other background clients
 * are left out) and groups them into stages: a statement sent before every statement of the
 * current stage was answered joins that stage (the API had them in flight together).
 */
export function planOf(
  method: string,
  path: string,
  captured: CapturedStatement[],
  body?: Record<string, unknown>,
): RoutePlan {
  const own = captured.filter((s) => POOLS[s.pool]).sort((a, b) => a.start - b.start);
  const stages: PlannedStatement[][] = [];
  let stageEnd = Number.NEGATIVE_INFINITY;
  for (const statement of own) {
    const planned: PlannedStatement = {
      sql: statement.sql,
      ...(statement.name && { name: statement.name }),
      params: statement.params,
      pool: POOLS[statement.pool],
      role: roleOf(statement.sql),
    };
    if (stages.length > 0 && statement.start < stageEnd) stages[stages.length - 1].push(planned);
    else {
      stages.push([planned]);
      stageEnd = Number.NEGATIVE_INFINITY;
    }
    stageEnd = Math.max(stageEnd, Number.isNaN(statement.end) ? Number.POSITIVE_INFINITY : statement.end);
  }
  return { method, path, stages, ...(body && { body }) };
}

export function reviveParam(value: unknown): unknown {
  if (value && typeof value === 'object' && '$date' in value) return new Date((value as { $date: string }).$date);
  if (Array.isArray(value)) return value.map(reviveParam);
  return value;
}

/** One line per stage, for the bench's output and the result's notes. */
export function describePlan(plan: RoutePlan): string {
  const short = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 90);
  return plan.stages
    .map((stage, i) => `  ${i + 1}. ${stage.map((s) => `[${s.pool}] ${short(s.sql)}`).join('\n     ‖ ')}`)
    .join('\n');
}
