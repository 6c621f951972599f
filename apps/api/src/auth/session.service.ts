import path from 'node:path';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import passport from 'passport';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { entityRows } from '../common/entity-rows';
import { readOrCreateSecret } from '../common/secret-file.util';
import type { Env } from '../config/env.schema';
import { type ToggleRow, withRequestToggles } from '../feature-toggles/request-toggles';
import { User } from '../users/user.entity';

export const SESSION_COOKIE = 'aide.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often (one store write a minute, not one a request). */
export const LAST_SEEN_EVERY_MS = 60_000;
/**
 * A session's stored expiry is moved forward (the store's touch, an UPDATE) only once it is this
 * far behind the 30 days the cookie restarts on every response: one write a minute per active
 * session instead of one a request. The server-side session may so end up to a minute before the
 * cookie does, after 30 days without use.
 */
export const TOUCH_EVERY_MS = 60_000;

/** What the sessions list shows of a session, kept in the session itself. */
export interface SessionDevice {
  userAgent?: string;
  ip?: string;
  createdAt: string;
  lastSeenAt: string;
}

declare module 'express-session' {
  interface SessionData {
    device?: SessionDevice;
    passport?: { user?: unknown };
  }
}

/** What one session lookup brought along: the signed-in user's row, the toggles, the stored expiry. */
interface SessionPreload {
  /** Null when the session names a user who no longer exists. */
  user: User | null;
  toggles: ToggleRow[];
  expireMs: number;
}

/** A session's preload, keyed by its `passport` object (which express-session's Session shares with the stored data). */
type Preloads = WeakMap<object, SessionPreload>;

/**
 * connect-pg-simple's store, with the lookup that also reads what every request needs next: the
 * user the session names (what passport's deserializer would load) and every feature toggle, in
 * the same statement, so a signed-in request starts with one round trip instead of three. Its
 * touch skips the UPDATE while the stored expiry is less than TOUCH_EVERY_MS behind.
 */
function preloadingStore(
  PgStore: typeof connectPgSimple.PGStore,
  pool: Pool,
  dataSource: DataSource,
  preloads: Preloads,
) {
  const users = entityRows(dataSource, User, 'u', 'u');
  // The user id as a number, only when the session holds a plain whole number (the serializer stores user.id).
  const sessionUserId = `CASE WHEN s.sess #>> '{passport,user}' ~ '^[0-9]{1,9}$' THEN (s.sess #>> '{passport,user}')::int END`;
  // Starts like connect-pg-simple's own lookup, with its two parameters: the session id and the time in seconds.
  const lookup = `SELECT s.sess, s.expire, ${users.select},
  (SELECT coalesce(json_agg(json_build_object('name', t.name, 'enabled', t.enabled, 'adminOnly', t."adminOnly", 'planRequired', t."planRequired")), '[]'::json) FROM feature_toggles t) AS toggles
  FROM "session" s LEFT JOIN users u ON u.id = ${sessionUserId}
  WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;

  return class PreloadingStore extends PgStore {
    override get(sid: string, fn: (error: unknown, session?: session.SessionData | null) => void): void {
      // A named (prepared) statement: Postgres parses and plans it once per connection.
      const statement = { name: 'aide-session-lookup', text: lookup, values: [sid, Math.ceil(Date.now() / 1000)] };
      pool.query<Record<string, unknown>>(statement, (error, result) => {
        if (error) return fn(error);
        const row = result.rows[0];
        if (!row) return fn(null, null);
        let data: session.SessionData;
        try {
          data = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as session.SessionData;
        } catch {
          return this.destroy(sid, (destroyError) => fn(destroyError));
        }
        if (data.passport && typeof data.passport === 'object') {
          preloads.set(data.passport, {
            user: users.hydrate(row),
            toggles: row.toggles as ToggleRow[],
            expireMs: (row.expire as Date).getTime(),
          });
        }
        fn(null, data);
      });
    }

    override touch(sid: string, sess: session.SessionData, fn?: (error?: unknown) => void): void {
      const preload = sess.passport && preloads.get(sess.passport);
      const next = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : Date.now() + SESSION_MAX_AGE_MS;
      if (preload && next - preload.expireMs < TOUCH_EVERY_MS) return fn?.();
      super.touch(sid, sess, fn);
    }
  };
}

/**
 * Server-side sessions in Postgres (table "session", created by a migration). The cookie is
 * httpOnly, SameSite=Lax, Secure whenever the request came over HTTPS (with TRUST_PROXY behind a TLS proxy), and
 * its 30 days restart on every response.
 */
@Injectable()
export class SessionService implements OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private pool?: Pool;
  private store?: connectPgSimple.PGStore;

  private readonly preloads: Preloads = new WeakMap();

  constructor(
    private readonly config: ConfigService<Env, true>,
    private readonly dataSource: DataSource,
  ) {}

  async middleware(): Promise<RequestHandler> {
    const databaseUrl = this.config.get('DATABASE_URL', { infer: true });
    if (!databaseUrl) throw new Error('DATABASE_URL is not set');
    const secret =
      this.config.get('SESSION_SECRET', { infer: true }) ??
      (await readOrCreateSecret(path.join(this.config.get('DATA_DIR', { infer: true }), 'session-secret')));

    const pool = new Pool({ connectionString: databaseUrl, max: 5, application_name: 'aide-api-sessions' });
    this.pool = pool;
    this.pool.on('error', (error) => this.logger.warn(`Idle session connection failed: ${error.message}`));
    const PgStore = preloadingStore(connectPgSimple(session), pool, this.dataSource, this.preloads);
    this.store = new PgStore({
      pool: this.pool,
      tableName: 'session',
      createTableIfMissing: false,
      errorLog: (...args: unknown[]) => this.logger.error(args.map(String).join(' ')),
    });

    const sessions = session({
      name: SESSION_COOKIE,
      secret,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS, path: '/' },
    });
    return (request, response, next) =>
      sessions(request, response, (error?: unknown) => {
        if (error) return next(error);
        this.touchLastSeen(request).then(() => next(), next);
      });
  }

  /**
   * passport's session step (passport.session()), taking the user from the session lookup when it
   * brought one along, as passport would: the user on request.user, or, when the account is gone,
   * the session's user removed (signed out). The rest of the request runs with the toggles the
   * lookup read. Without a preload (no session, no signed-in user), passport's own step.
   */
  signedInUser(): RequestHandler {
    const passportSession = passport.session();
    return (request: Request, response: Response, next: NextFunction) => {
      const state = request.session?.passport;
      const preload = state && this.preloads.get(state);
      if (!preload || typeof state.user !== 'number') return passportSession(request, response, next);
      if (preload.user) request.user = preload.user;
      else delete state.user;
      withRequestToggles(preload.toggles, response, next);
    };
  }

  /**
   * Records that a signed-in session was used, at most once every LAST_SEEN_EVERY_MS. Written in
   * place (UPDATE), never through the store's set (an upsert), so a request in flight cannot bring
   * back a session that was signed out meanwhile; the session object itself stays unmodified.
   */
  private async touchLastSeen(request: Request): Promise<void> {
    const device = request.session?.device;
    if (!device || request.session.passport?.user === undefined) return;
    const now = Date.now();
    if (now - Date.parse(device.lastSeenAt) < LAST_SEEN_EVERY_MS) return;
    await this.pool
      ?.query(
        `UPDATE session SET sess = jsonb_set(jsonb_set(sess::jsonb, '{device,lastSeenAt}', to_jsonb($2::text)), '{device,ip}', to_jsonb($3::text))::json WHERE sid = $1`,
        [request.sessionID, new Date(now).toISOString(), request.ip ?? ''],
      )
      .catch((error: Error) => this.logger.warn(`Could not record a session's last-seen time: ${error.message}`));
  }

  /**
   * Signs the user in on this request. passport regenerates the session first (a new id, so a
   * session id planted before sign-in is worthless) and saves it before the response goes out.
   */
  start(request: Request, user: User): Promise<void> {
    return startSession(request, user);
  }

  /** Destroys the server-side session and clears its cookie. */
  end(request: Request, response: Response): Promise<void> {
    response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.secure });
    return new Promise((resolve, reject) => {
      if (!request.session) return resolve();
      request.session.destroy((error: unknown) => (error ? reject(error) : resolve()));
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.store?.close();
    await this.pool?.end();
  }
}

/**
 * Signs the user in on this request (passport regenerates the session id first) and records the
 * device for the owner's sessions list (Profile → Security); saved with the response.
 */
export async function startSession(request: Request, user: User): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    request.logIn(user, (error: unknown) => (error ? reject(error) : resolve())),
  );
  const now = new Date().toISOString();
  request.session.device = {
    userAgent: request.get('user-agent')?.slice(0, 512),
    ip: request.ip,
    createdAt: now,
    lastSeenAt: now,
  };
}
