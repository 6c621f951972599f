/**
 * The minimal baseline of the API benchmark (bench/api.bench.ts): node:http and pg, nothing else,
 * answering the benchmarked routes by replaying, for every request, the SQL the real API ran for
 * that route — the same statements, in the same order and parallelism, with the same parameters.
 *
 * How the SQL was captured: the bench sends one warm request per route to the API child while that
 * child wraps pg's Client.prototype.query (bench/lib/api-server.ts); every statement of the two
 * pools the API owns (TypeORM's 'aide-api', the session store's 'aide-api-sessions') is recorded
 * with its parameters and timing, grouped into stages (bench/lib/api-plan.ts) and handed to this
 * process as JSON (BASELINE_PLAN). That includes the session lookup, the user load of passport's
 * deserializer, the module toggle check, the route's own queries and the session touch.
 *
 * What it does per request, like the API: reads the aide.sid cookie and checks its signature
 * (express-session's HMAC-SHA256), runs the session lookup with that session id (401 without a
 * live session), runs the other statements with their captured parameters, touches the session
 * and sends the new cookie, and builds the same JSON with the API's own code: the mapper toTask, and
 * for the dashboard the API's dashboard providers themselves, handed the replayed rows instead of a
 * database (replayedDataSource). What it leaves out is everything else the API does around
 * that: Nest, Express, helmet, passport, TypeORM, validation, compression (not negotiated by the
 * bench's client anyway).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import type { DataSource, Repository } from 'typeorm';
import type { DashboardProvider } from '../../apps/api/src/dashboard/dashboard-provider';
import { EmailsDashboardProvider } from '../../apps/api/src/email/emails.dashboard-provider';
import type { EventEntity } from '../../apps/api/src/events/event.entity';
import { toCalendarEvent } from '../../apps/api/src/events/event.mapper';
import { EventsDashboardProvider } from '../../apps/api/src/events/events.dashboard-provider';
import type { EventsService } from '../../apps/api/src/events/events.service';
import type { ResearchReportEntity } from '../../apps/api/src/research/research-report.entity';
import { ResearchDashboardProvider } from '../../apps/api/src/research/research.dashboard-provider';
import { SocialStatsService } from '../../apps/api/src/social/social-stats.service';
import { SocialDashboardProvider } from '../../apps/api/src/social/social.dashboard-provider';
import { TasksDashboardProvider } from '../../apps/api/src/tasks/tasks.dashboard-provider';
import type { TaskEntity } from '../../apps/api/src/tasks/task.entity';
import { toTask } from '../../apps/api/src/tasks/task.mapper';
import { WebsitesDashboardProvider } from '../../apps/api/src/websites/analytics/websites.dashboard-provider';
import { type PlannedStatement, reviveParam, type RoutePlan } from '../lib/api-plan';

/** As apps/api/src/auth/session.service.ts (not imported: it pulls in Nest and the session store). */
const SESSION_COOKIE = 'aide.sid';
const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface Answer {
  statement: PlannedStatement;
  rows: Record<string, unknown>[];
}

/** TypeORM's find() selects columns as "<Alias>_<column>": back to the entity's property names. */
function unalias(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key.replace(/^[A-Za-z]+Entity_/, ''), value]));
}

const rowsOf = (answers: Answer[], pattern: RegExp) =>
  answers.find((a) => a.statement.role === 'query' && pattern.test(a.statement.sql))?.rows ?? [];

/**
 * What the dashboard providers' data source answers here: for each raw query, the rows the replay
 * got for that very statement (so no SQL runs twice, and a statement the plan lacks is an error).
 */
function replayedDataSource(answers: Answer[]): DataSource {
  const query = async (sql: string) => {
    const answer = answers.find((a) => a.statement.role === 'query' && a.statement.sql === sql);
    if (!answer) throw new Error(`The plan has no statement ${sql.replace(/\s+/g, ' ').slice(0, 80)}…`);
    return answer.rows;
  };
  // The providers' reads go straight to the data source's pool (entity-rows.ts poolQuery): the same rows.
  const master = { query: async ({ text }: { text: string }) => ({ rows: await query(text) }) };
  return { query, driver: { master } } as unknown as DataSource;
}

/**
 * The research provider over the replayed rows: its recent reports' prepared statement (entity-rows.ts)
 * names its columns "ResearchReportEntity_<column>", as find() did; its counts go to the data source's pool.
 */
class ReplayedResearchProvider extends ResearchDashboardProvider {
  constructor(private readonly answers: Answer[]) {
    super({ manager: { connection: replayedDataSource(answers) } } as unknown as Repository<ResearchReportEntity>);
  }

  protected override async recent(): Promise<ResearchReportEntity[]> {
    return rowsOf(this.answers, /FROM "research_reports"/).map(unalias) as unknown as ResearchReportEntity[];
  }
}

/**
 * The API's dashboard providers by module (as DashboardRegistry finds them; every module is enabled
 * for the bench's users), over the replayed rows.
 */
function dashboardProviders(answers: Answer[]): Record<string, DashboardProvider[]> {
  const db = replayedDataSource(answers);
  // Today's events come from EventsService.occurrences: its prepared statement's rows ("e_<column>", the
  // joined task as "task_<column>") mapped as the service maps them. The bench seeds no repeating
  // events, so the single events' statement is the whole answer.
  const events = {
    occurrences: async () =>
      rowsOf(answers, /FROM "events" "e".*"recurrence" IS NULL/s).map((row) => {
        const entity = Object.fromEntries(
          Object.entries(row).flatMap(([key, value]) => (key.startsWith('e_') ? [[key.slice(2), value]] : [])),
        );
        entity.task = row.task_id ? { status: row.task_status } : null;
        return toCalendarEvent(entity as unknown as EventEntity);
      }),
  } as unknown as EventsService;
  return {
    organiser: [new TasksDashboardProvider(db), new EventsDashboardProvider(events)],
    email: [new EmailsDashboardProvider(db)],
    research: [new ReplayedResearchProvider(answers)],
    social: [new SocialDashboardProvider(new SocialStatsService(db))],
    website: [new WebsitesDashboardProvider(db)],
  };
}

/** The JSON of each route, from the rows of its statements. */
const SHAPES: Record<string, (answers: Answer[], body: unknown, userId: number) => unknown> = {
  'GET /api/tasks': (answers) =>
    rowsOf(answers, /FROM "tasks"/).map((row) => toTask(unalias(row) as unknown as TaskEntity)),
  // As DashboardService: each module's providers' answers side by side, under the module's id. The
  // instant and timezone only go into SQL parameters, which the replay already carries.
  'GET /api/dashboard': async (answers, _body, userId) => {
    const parts = await Promise.all(
      Object.entries(dashboardProviders(answers)).map(async ([module, providers]) => [
        module,
        Object.assign({}, ...(await Promise.all(providers.map((p) => p.contribute(userId, new Date(), 'UTC'))))),
      ]),
    );
    return { modules: Object.fromEntries(parts) };
  },
  // INSERT … RETURNING gives the generated columns; the rest is what was written.
  'POST /api/tasks': (answers, body, userId) => {
    const input = body as {
      title: string;
      description?: string;
      priority?: string;
      status?: string;
      dueDate?: string;
      category?: string;
    };
    const [inserted] = rowsOf(answers, /^\s*INSERT INTO "tasks"/);
    const written = {
      userId,
      title: input.title,
      description: input.description || null,
      category: input.category || null,
      dueDate: input.dueDate ? new Date(input.dueDate) : null,
      // Written as null (the body has none), so not in INSERT … RETURNING.
      recurrence: null,
      reminderMinutes: null,
    };
    return toTask({ ...written, ...inserted } as unknown as TaskEntity);
  },
};

function sign(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;
}

/** express-session's cookie: 's:' + sid + '.' + HMAC; the sid when the signature holds. */
function sessionIdOf(cookieHeader: string | undefined, secret: string): string | undefined {
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!raw) return undefined;
  const value = decodeURIComponent(raw);
  if (!value.startsWith('s:')) return undefined;
  const signed = value.slice(2);
  const sid = signed.slice(0, signed.lastIndexOf('.'));
  const expected = Buffer.from(sign(sid, secret));
  const actual = Buffer.from(signed);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? sid : undefined;
}

async function readBody(request: http.IncomingMessage): Promise<unknown> {
  if (request.method === 'GET') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

async function main() {
  const secret = process.env.SESSION_SECRET!;
  const plans = new Map(
    (JSON.parse(readFileSync(process.env.BASELINE_PLAN!, 'utf8')) as RoutePlan[]).map((plan) => [
      `${plan.method} ${plan.path}`,
      plan,
    ]),
  );
  // The API's two pools, the same sizes: TypeORM's (pg's default of 10) and the session store's (5).
  const app = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const sessions = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 5 });

  /**
   * Runs the plan for one request; undefined when the session is missing or expired. A write's
   * parameters that carried the captured body's values (a task's title) carry this body's.
   */
  async function replay(plan: RoutePlan, sid: string, body: unknown): Promise<Answer[] | undefined> {
    const fromBody = new Map<unknown, unknown>();
    for (const [key, value] of Object.entries(plan.body ?? {})) {
      if (typeof value === 'string') fromBody.set(value, (body as Record<string, unknown> | undefined)?.[key]);
    }
    const answers: Answer[] = [];
    let transaction: pg.PoolClient | undefined;
    try {
      for (const stage of plan.stages) {
        const stageAnswers = await Promise.all(
          stage.map(async (statement): Promise<Answer> => {
            let params = statement.params.map((param) =>
              fromBody.has(param) ? fromBody.get(param) : reviveParam(param),
            );
            // connect-pg-simple's own parameters: this request's session id and the current time.
            if (statement.role === 'session-read') params = [sid, Math.ceil(Date.now() / 1000)];
            if (statement.role === 'session-touch') params = [Math.ceil((Date.now() + SESSION_MAX_AGE_MS) / 1000), sid];
            if (statement.role === 'transaction-start') transaction = await app.connect();
            const runner = statement.pool === 'sessions' ? sessions : (transaction ?? app);
            // A statement the API prepared (named) is prepared here too.
            const { rows } = await runner.query({
              text: statement.sql,
              values: params,
              ...(statement.name && { name: statement.name }),
            });
            if (statement.role === 'transaction-end') {
              transaction?.release();
              transaction = undefined;
            }
            return { statement, rows };
          }),
        );
        for (const answer of stageAnswers) {
          if (
            answer.statement.role === 'session-read' &&
            !(answer.rows[0]?.sess as { passport?: { user?: number } } | undefined)?.passport?.user
          )
            return undefined;
        }
        answers.push(...stageAnswers);
      }
      return answers;
    } finally {
      transaction?.release();
    }
  }

  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const json = JSON.stringify(body);
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(json)),
        ...headers,
      });
      response.end(json);
    };
    (async () => {
      const key = `${request.method} ${new URL(request.url ?? '/', 'http://x').pathname}`;
      const plan = plans.get(key);
      const body = await readBody(request);
      if (!plan) return send(404, { message: 'Not Found' });
      const sid = sessionIdOf(request.headers.cookie, secret);
      const answers = sid ? await replay(plan, sid, body) : undefined;
      if (!sid || !answers) return send(401, { message: 'Unauthorized' });
      const userId = (
        answers.find((a) => a.statement.role === 'session-read')!.rows[0].sess as { passport: { user: number } }
      ).passport.user;
      const expires = new Date(Date.now() + SESSION_MAX_AGE_MS).toUTCString();
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(`s:${sign(sid, secret)}`)}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax`;
      send(request.method === 'POST' ? 201 : 200, await SHAPES[key](answers, body, userId), { 'set-cookie': cookie });
    })().catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) send(500, { message: 'Internal server error' });
    });
  });
  server.keepAliveTimeout = 5000;
  server.listen(0, '127.0.0.1', () =>
    process.send!({ type: 'listening', port: (server.address() as { port: number }).port }),
  );
  const close = () => {
    server.close();
    server.closeAllConnections();
    void Promise.all([app.end(), sessions.end()]).then(() => process.exit(0));
  };
  process.on('SIGTERM', close);
  process.on('disconnect', close);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
